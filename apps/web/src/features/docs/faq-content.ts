/** The FAQ, written in the two languages docs are published in (spec §9). */
export interface FaqEntry {
  question: string;
  answer: string;
}

export const FAQ: Record<'en' | 'ru', { title: string; entries: FaqEntry[] }> = {
  en: {
    title: 'Frequently asked questions',
    entries: [
      {
        question: 'Do I need to install anything?',
        answer:
          'No. Every game runs in your browser. You can also add the portal to your home screen to start games in one tap.',
      },
      {
        question: 'Is my progress saved?',
        answer: 'Yes. Sign in once and your progress and purchases are kept with your account, on any device.',
      },
      {
        question: 'I bought something and did not get it. What should I do?',
        answer:
          'Purchases usually arrive within a minute. If yours has not, write to support with the time of purchase and the item.',
      },
      {
        question: 'How do I delete my data?',
        answer:
          'Write to the privacy contact listed in the Privacy Policy and we will delete your account and its data.',
      },
    ],
  },
  ru: {
    title: 'Частые вопросы',
    entries: [
      {
        question: 'Нужно ли что-то устанавливать?',
        answer:
          'Нет. Все игры работают в браузере. Портал можно добавить на главный экран, чтобы запускать игры в одно касание.',
      },
      {
        question: 'Сохраняется ли мой прогресс?',
        answer: 'Да. Войдите один раз, и прогресс и покупки будут храниться в вашем аккаунте на любом устройстве.',
      },
      {
        question: 'Я купил предмет, но не получил его. Что делать?',
        answer:
          'Обычно покупка приходит в течение минуты. Если этого не случилось, напишите в поддержку, указав время покупки и предмет.',
      },
      {
        question: 'Как удалить свои данные?',
        answer:
          'Напишите по адресу для вопросов о персональных данных из Политики конфиденциальности, и мы удалим аккаунт и его данные.',
      },
    ],
  },
};
