import { useTranslation } from 'react-i18next';
import { assetUrl } from '../../../shared/lib/asset-url';

/** The branded screen over the game until it reports loading ready. */
export function LoaderScreen({
  name,
  background,
  imageUrl,
  logoUrl,
}: {
  name: string;
  background: string;
  imageUrl?: string | undefined;
  logoUrl?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="game-loader"
      className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-5 text-white"
      style={{ backgroundColor: background }}
    >
      {imageUrl && (
        <img src={assetUrl(imageUrl)} alt="" className="absolute inset-0 h-full w-full object-cover opacity-30" />
      )}
      {logoUrl && <img src={assetUrl(logoUrl)} alt="" width={72} height={72} className="relative h-18 w-18" />}
      <div className="relative h-1.5 w-48 overflow-hidden rounded-full bg-white/20">
        <div className="h-full w-1/3 animate-[loader_1.2s_ease-in-out_infinite] rounded-full bg-white" />
      </div>
      <p className="relative text-sm font-medium">{t('player.loading', { name })}</p>
    </div>
  );
}
