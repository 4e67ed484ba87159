import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';
import { ModalFrame } from '../../shared/ui/ModalFrame';
import { PersonalInfoForm } from './PersonalInfoForm';
import type { OrderPersonalInfoBody, PersonalInfoRequirements } from './personal-info';

export interface PersonalInfoModalProps {
  requirements: PersonalInfoRequirements;
  productName: string;
  onConfirm(info: OrderPersonalInfoBody): void;
  /** Cancel, the close button, Escape and the overlay all abort the purchase. */
  onCancel(): void;
}

/** Confirm purchase with personal info (spec store §2): email prefilled and focused, optional phone. */
export function PersonalInfoModal({ requirements, productName, onConfirm, onCancel }: PersonalInfoModalProps) {
  const { t } = useTranslation();
  return (
    <ModalFrame
      size="sm"
      title={t('store.personalInfo.title')}
      description={t('store.personalInfo.body', { product: productName })}
    >
      <div className="mt-4" data-testid="personal-info-modal">
        <PersonalInfoForm
          defaultEmail={requirements.Email.DefaultValue}
          emailRequired={requirements.Email.Required}
          onSubmit={onConfirm}
          extraActions={
            <Button variant="ghost" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          }
        />
      </div>
    </ModalFrame>
  );
}
