/** The email-invite mail in every portal locale. `{brand}` and `{minutes}` are filled in. */
export interface EmailInviteTexts {
  subject: string;
  heading: string;
  /** Above the button of the HTML part. */
  intro: string;
  /** The plain-text part's intro: it has no button, the link follows on its own line. */
  textIntro: string;
  button: string;
  expiry: string;
  ignore: string;
}

export const EMAIL_INVITE_TEXTS: Record<string, EmailInviteTexts> = {
  en: {
    subject: 'Your sign-in link for {brand}',
    heading: 'Sign in to {brand}',
    intro: 'Press the button below to sign in. No password needed.',
    textIntro: 'Open the link below to sign in. No password needed.',
    button: 'Sign in',
    expiry: 'The link works once and expires in {minutes} minutes.',
    ignore: "If you didn't ask for this email, ignore it: nobody can sign in without the link.",
  },
  de: {
    subject: 'Dein Anmeldelink für {brand}',
    heading: 'Bei {brand} anmelden',
    intro: 'Tippe auf die Schaltfläche unten, um dich anzumelden. Kein Passwort nötig.',
    textIntro: 'Öffne den Link unten, um dich anzumelden. Kein Passwort nötig.',
    button: 'Anmelden',
    expiry: 'Der Link funktioniert einmal und läuft in {minutes} Minuten ab.',
    ignore: 'Wenn du diese E-Mail nicht angefordert hast, ignoriere sie: Ohne den Link kann sich niemand anmelden.',
  },
  es: {
    subject: 'Tu enlace de acceso a {brand}',
    heading: 'Inicia sesión en {brand}',
    intro: 'Pulsa el botón de abajo para iniciar sesión. No necesitas contraseña.',
    textIntro: 'Abre el enlace de abajo para iniciar sesión. No necesitas contraseña.',
    button: 'Iniciar sesión',
    expiry: 'El enlace funciona una sola vez y caduca en {minutes} minutos.',
    ignore: 'Si no solicitaste este correo, ignóralo: nadie puede entrar sin el enlace.',
  },
  fa: {
    subject: 'پیوند ورود شما به {brand}',
    heading: 'ورود به {brand}',
    intro: 'برای ورود، دکمهٔ زیر را بزنید. به گذرواژه نیازی نیست.',
    textIntro: 'برای ورود، پیوند زیر را باز کنید. به گذرواژه نیازی نیست.',
    button: 'ورود',
    expiry: 'این پیوند فقط یک بار کار می‌کند و پس از {minutes} دقیقه منقضی می‌شود.',
    ignore: 'اگر این ایمیل را درخواست نکرده‌اید، آن را نادیده بگیرید: بدون این پیوند کسی نمی‌تواند وارد شود.',
  },
  fr: {
    subject: 'Votre lien de connexion à {brand}',
    heading: 'Connexion à {brand}',
    intro: 'Appuyez sur le bouton ci-dessous pour vous connecter. Aucun mot de passe nécessaire.',
    textIntro: 'Ouvrez le lien ci-dessous pour vous connecter. Aucun mot de passe nécessaire.',
    button: 'Se connecter',
    expiry: 'Le lien ne fonctionne qu’une fois et expire dans {minutes} minutes.',
    ignore: 'Si vous n’avez pas demandé cet e-mail, ignorez-le : personne ne peut se connecter sans le lien.',
  },
  it: {
    subject: 'Il tuo link di accesso a {brand}',
    heading: 'Accedi a {brand}',
    intro: 'Premi il pulsante qui sotto per accedere. Non serve la password.',
    textIntro: 'Apri il link qui sotto per accedere. Non serve la password.',
    button: 'Accedi',
    expiry: 'Il link funziona una sola volta e scade tra {minutes} minuti.',
    ignore: 'Se non hai richiesto questa email, ignorala: nessuno può accedere senza il link.',
  },
  ja: {
    subject: '{brand} へのログインリンク',
    heading: '{brand} にログイン',
    intro: '下のボタンを押すとログインできます。パスワードは不要です。',
    textIntro: '下のリンクを開くとログインできます。パスワードは不要です。',
    button: 'ログイン',
    expiry: 'このリンクは一度だけ使え、{minutes} 分で無効になります。',
    ignore: 'このメールに心当たりがない場合は無視してください。リンクがなければ誰もログインできません。',
  },
  ko: {
    subject: '{brand} 로그인 링크',
    heading: '{brand}에 로그인',
    intro: '아래 버튼을 눌러 로그인하세요. 비밀번호는 필요 없습니다.',
    textIntro: '아래 링크를 열어 로그인하세요. 비밀번호는 필요 없습니다.',
    button: '로그인',
    expiry: '이 링크는 한 번만 사용할 수 있으며 {minutes}분 후에 만료됩니다.',
    ignore: '이 이메일을 요청하지 않았다면 무시하세요. 링크 없이는 아무도 로그인할 수 없습니다.',
  },
  'pt-br': {
    subject: 'Seu link de acesso ao {brand}',
    heading: 'Entrar no {brand}',
    intro: 'Toque no botão abaixo para entrar. Não é preciso senha.',
    textIntro: 'Abra o link abaixo para entrar. Não é preciso senha.',
    button: 'Entrar',
    expiry: 'O link funciona uma única vez e expira em {minutes} minutos.',
    ignore: 'Se você não pediu este e-mail, ignore-o: ninguém consegue entrar sem o link.',
  },
  ru: {
    subject: 'Ссылка для входа в {brand}',
    heading: 'Вход в {brand}',
    intro: 'Нажмите кнопку ниже, чтобы войти. Пароль не нужен.',
    textIntro: 'Откройте ссылку ниже, чтобы войти. Пароль не нужен.',
    button: 'Войти',
    expiry: 'Ссылка срабатывает один раз и действует {minutes} минут.',
    ignore: 'Если вы не запрашивали это письмо, просто проигнорируйте его: без ссылки никто не сможет войти.',
  },
  tr: {
    subject: '{brand} giriş bağlantınız',
    heading: '{brand} hesabına giriş yapın',
    intro: 'Giriş yapmak için aşağıdaki düğmeye dokunun. Şifre gerekmez.',
    textIntro: 'Giriş yapmak için aşağıdaki bağlantıyı açın. Şifre gerekmez.',
    button: 'Giriş yap',
    expiry: 'Bağlantı yalnızca bir kez çalışır ve {minutes} dakika içinde geçerliliğini yitirir.',
    ignore: 'Bu e-postayı siz istemediyseniz yok sayın: bağlantı olmadan kimse giriş yapamaz.',
  },
  zh: {
    subject: '你的 {brand} 登录链接',
    heading: '登录 {brand}',
    intro: '点击下方按钮即可登录，无需密码。',
    textIntro: '打开下方链接即可登录，无需密码。',
    button: '登录',
    expiry: '此链接只能使用一次，{minutes} 分钟后失效。',
    ignore: '如果你没有请求这封邮件，请忽略它：没有此链接，任何人都无法登录。',
  },
  uk: {
    subject: 'Посилання для входу в {brand}',
    heading: 'Вхід до {brand}',
    intro: 'Натисніть кнопку нижче, щоб увійти. Пароль не потрібен.',
    textIntro: 'Відкрийте посилання нижче, щоб увійти. Пароль не потрібен.',
    button: 'Увійти',
    expiry: 'Посилання спрацьовує один раз і діє {minutes} хвилин.',
    ignore: 'Якщо ви не запитували цей лист, просто проігноруйте його: без посилання ніхто не зможе увійти.',
  },
  pl: {
    subject: 'Twój link do logowania w {brand}',
    heading: 'Zaloguj się do {brand}',
    intro: 'Naciśnij przycisk poniżej, aby się zalogować. Hasło nie jest potrzebne.',
    textIntro: 'Otwórz poniższy link, aby się zalogować. Hasło nie jest potrzebne.',
    button: 'Zaloguj się',
    expiry: 'Link działa tylko raz i wygasa po {minutes} minutach.',
    ignore: 'Jeśli nie prosiłeś o tę wiadomość, zignoruj ją: bez linku nikt się nie zaloguje.',
  },
};
