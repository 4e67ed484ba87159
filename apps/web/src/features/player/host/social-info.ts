import { ABILITY_CAPABILITIES, type PlatformAdapter } from '@fxid/platforms';
import type { Capability, GameInfo, SocialInfo } from '@fxid/sdk';

/**
 * What the game is told about its platform (spec §3, Social info): the adapter's
 * platform, payments and profile; of the capabilities the catalog grants, the
 * platform's rules always, and an ability only when the adapter has it, so the game
 * is never promised what the platform cannot do.
 */
export function socialInfoOf(adapter: PlatformAdapter, info: GameInfo): SocialInfo {
  const granted = info.social.capabilities;
  const capabilities = granted.filter(
    (capability: Capability) => !ABILITY_CAPABILITIES.includes(capability) || adapter.abilities.includes(capability),
  );
  const profile = adapter.socialProfile();
  return {
    ...info.social,
    ...(profile ?? {}),
    social: adapter.platform,
    paymentsAvailable: adapter.paymentsAvailable,
    capabilities,
  };
}
