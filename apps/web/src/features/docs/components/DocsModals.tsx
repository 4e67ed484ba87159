import { ModalFrame } from '../../../shared/ui/ModalFrame';
import { ContactsContent } from './ContactsPage';
import { FaqContent } from './FaqContent';

/** The FAQ straight in a modal: the title bar names it once, the questions follow, no frame. */
export function FaqModal({ title, language }: { title: string; language: string }) {
  return (
    <ModalFrame size="md" title={title}>
      <FaqContent language={language} showTitle={false} />
    </ModalFrame>
  );
}

/** The company's legal contacts straight in a modal, as tall as they are. */
export function ContactsModal({ title, game, adapter }: { title: string; game: string; adapter: string }) {
  return (
    <ModalFrame size="sm" title={title}>
      <ContactsContent game={game} adapter={adapter} />
    </ModalFrame>
  );
}
