import { useTranslation } from 'react-i18next';
import { usePublicGameConfig } from '../../../entities/game/api/public-game-config';
import { platformOf } from '../../../shared/config/site';
import { useSite } from '../../../shared/config/use-site';
import { assetUrl } from '../../../shared/lib/asset-url';
import { downloadImage } from '../../../shared/lib/download-image';
import { Button } from '../../../shared/ui/Button';
import { DownloadIcon } from '../../../shared/ui/icons';

/** /discord-qr?game=…: the game's Discord invitation as a QR code; nothing when the game has none. */
export function DiscordQrPage() {
  const { t } = useTranslation();
  const site = useSite();
  const config = usePublicGameConfig(site.game, platformOf(site.adapter));
  const image = assetUrl(config.data?.PublicWebClientConfig.Links.DiscordQrCodeImageUrl);
  if (!image) return null;
  // Saved under the image's own type (the demo's is an SVG).
  const extension = new URL(image, window.location.href).pathname.match(/\.\w+$/)?.[0] ?? '.png';
  return (
    <section className="mx-auto w-full max-w-md px-4">
      <div className="rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('discord.title')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t('discord.scan')}</p>
        <img src={image} alt={t('discord.qrAlt')} className="mx-auto mt-6 w-64 rounded-xl bg-white p-2" />
        <Button
          variant="secondary"
          className="mt-6"
          onClick={() => downloadImage(image, `discord-${site.game}${extension}`, t('modals.cannotDownload'))}
        >
          <DownloadIcon /> {t('common.download')}
        </Button>
      </div>
    </section>
  );
}
