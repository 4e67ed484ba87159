// The account chooser of /dev/firebase/sign-in: hands the portal that opened it an unsigned
// provider assertion ({sub, name, email}), which the local Identity Toolkit turns into a
// signed Firebase ID token. Messages go to this origin only.
const provider = new URLSearchParams(location.search).get('provider');
const base64url = (text) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');

document.getElementById('account').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const claims = { sub: form.get('sub'), name: form.get('name') || undefined, email: form.get('email') || undefined };
  const assertion = `${base64url('{"alg":"none","typ":"JWT"}')}.${base64url(JSON.stringify(claims))}.`;
  // The portal closes this window once it has the answer (see local-provider-window.ts); alone, it closes itself.
  if (window.opener)
    window.opener.postMessage({ type: 'fxid:local-firebase-credential', provider, assertion }, location.origin);
  else window.close();
});
// The button works only once the form is ours: a submit before this script ran would reload the page.
document.querySelector('#account button[type="submit"]').disabled = false;
