import {
  ADAPTER_NAMES,
  AdvertisementSchema,
  BuildTypeSchema,
  CloudSavesSchema,
  CompanyBrandingSchema,
  CROSS_PLAY_FILTER_MAX_LENGTH,
  CrossPlayEventCodeSchema,
  CurrencyCodeSchema,
  DocumentRegionSchema,
  DocumentTypeValueSchema,
  FaqSchema,
  GameOrientationSchema,
  GameSystemNameSchema,
  LauncherDefinitionSchema,
  LeaderboardDefinitionSchema,
  LocaleSchema,
  NewsPrioritySchema,
  OpenMethodSchema,
  PaymentProviderNameSchema,
  PlatformCapabilitySchema,
  PlatformDataSchema,
  PlayGameTypeSchema,
  PresentationSchema,
  StoreFlagsSchema,
  UnityCompressionSchema,
} from '@fxid/contract';
import { z } from 'zod';

/** A name of PAYMENT_ACCOUNTS: its variables are the provider's own with `__NAME` (upper case) appended. */
export const PaymentAccountNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9]{0,31}$/, 'Expected a PAYMENT_ACCOUNTS name: a lower-case letter, then letters and digits');

/**
 * Where and how a game takes one web payment provider (README, Which way a game pays); each
 * field left out is no limit: every currency, every platform with web checkouts, the
 * deployment's own credentials.
 */
export const PaymentProviderRuleSchema = z.strictObject({
  Currencies: z
    .array(CurrencyCodeSchema)
    .min(1)
    .optional()
    .describe('ISO 4217 codes its checkouts take: a product priced in another currency goes to the next provider'),
  Platforms: z
    .array(z.enum(ADAPTER_NAMES))
    .min(1)
    .optional()
    .describe('Adapters it is offered on (of those that pay through web checkouts: fxid, crazygames, fxlauncher)'),
  Account: PaymentAccountNameSchema.optional().describe(
    "The PAYMENT_ACCOUNTS entry whose credentials this game's checkouts use; the deployment's own when left out",
  ),
});
export type PaymentProviderRule = z.infer<typeof PaymentProviderRuleSchema>;

/**
 * The catalog file: what an operator configures, written as YAML with the field
 * names of the API (spec §3). See catalog/README.md for a walk-through.
 */

/** Text per locale, e.g. `{ en: Sky Runner, ru: Небесный бегун }`. */
const Localized = z.record(LocaleSchema, z.string().min(1));

/** A calendar date or an ISO timestamp, stored as epoch milliseconds. */
const Timestamp = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).transform((text) => Date.parse(text));

/** A link: absolute http(s) or a path on the portal itself. */
// A path must be one: `//host/…` would leave the site while looking like a path.
const Link = z.string().regex(/^(https?:\/\/|\/(?!\/))/, 'Expected an http(s) URL or a path starting with a single /');

const UnityBuildSchema = z.strictObject({
  BaseUrl: Link.describe('Folder holding the build files'),
  BaseBuildUrl: Link.optional().describe('Folder of the Build/ files when apart from BaseUrl'),
  UnityBuildJson: z.string().min(1).describe('File name of the build description, e.g. Build/game.json'),
  Compression: UnityCompressionSchema.default('Disabled'),
});

const BuildSchema = z.strictObject({
  BuildNumber: z.number().int().positive(),
  BuildType: BuildTypeSchema.default('Release'),
  Sha: z.string().regex(/^[0-9a-f]{7,40}$/, 'Expected a git commit hash'),
  Description: z.string().default(''),
  ChangeSet: z.string().default('').describe('What changed, for release notes'),
  CreatedAt: Timestamp,
  InstallUrl: Link.optional(),
  MinOtaVersion: z
    .string()
    .regex(/^\d+(\.\d+)*$/, 'Expected a dotted version, e.g. 1.6')
    .optional()
    .describe('Oldest portal version that can run this build'),
  Metadata: z.record(z.string(), z.string()).default({}),
});
export type CatalogBuild = z.infer<typeof BuildSchema>;

const ProductSchema = z.strictObject({
  Sku: z.string().regex(/^[\w.-]{1,64}$/, 'Expected letters, digits, dot, dash or underscore (at most 64)'),
  Names: Localized,
  Descriptions: Localized.default({}),
  ProductType: z.enum(['Consumable', 'NonConsumable', 'Subscription']).default('Consumable'),
  Price: z.strictObject({
    Amount: z.number().int().positive().describe('Minor units: 199 means 1.99'),
    Currency: CurrencyCodeSchema,
  }),
  PriceBeforeDiscount: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Minor units in the same currency, shown struck through; above Price.Amount'),
  Quantity: z.number().int().positive().default(1),
  Payload: z.string().optional(),
  ImageUrl: Link.optional(),
  IconUrl: Link.optional(),
  ShowInWebStore: z.boolean().default(true),
  Labels: z.array(z.string()).default([]),
  PlatformPrices: z
    .partialRecord(z.enum(ADAPTER_NAMES), z.number().int().positive())
    .optional()
    .describe(
      "Price on a host platform's own payments in its units (vkcom: votes); without one the product is not sold there",
    ),
  TieredProductsSku: z
    .array(z.string())
    .min(1)
    .optional()
    .describe(
      "Skus of this game's products bundled with this one: an order gets them as AdditionalProducts at no extra cost",
    ),
});
export type CatalogProduct = z.infer<typeof ProductSchema>;

const DocumentVersionSchema = z.strictObject({
  Id: z.number().int().positive(),
  CreatedAt: Timestamp,
  Url: Link.optional(),
  Content: Localized.describe('Markdown per locale'),
});

const DocumentSchema = z.strictObject({
  Id: z.number().int().positive().describe('Stable numeric id, unique in the catalog'),
  Type: DocumentTypeValueSchema,
  NeedUserAcceptance: z.boolean(),
  Region: DocumentRegionSchema.default('All'),
  IsActive: z.boolean().default(true),
  CreatedAt: Timestamp,
  Versions: z.array(DocumentVersionSchema).min(1),
});
export type CatalogDocument = z.infer<typeof DocumentSchema>;

const Filter = z.string().max(CROSS_PLAY_FILTER_MAX_LENGTH).default('');

/** An in-game event that counts for cross-play (spec §3, event rule); filters as in spec §5. */
const CrossPlayEventSchema = z.strictObject({
  Code: CrossPlayEventCodeSchema,
  Filter1: Filter.describe('Matched against the event parameter P1: empty, /regex/ or an exact value'),
  Filter2: Filter,
  Filter3: Filter,
});

const GameSchema = z.strictObject({
  GameSystemName: GameSystemNameSchema,
  Names: Localized,
  ShortDescriptions: Localized,
  IconUrl: Link,
  ImageUrl: Link.optional(),
  Tags: z.array(z.string()).default([]),
  PlayGameType: PlayGameTypeSchema,
  IframeUrl: Link.optional().describe('The game page, for PlayGameType Iframe'),
  Unity: UnityBuildSchema.optional().describe('The WebGL build, for PlayGameType Unity'),
  Builds: z.array(BuildSchema).default([]).describe('Published builds, listed by GET /play/{Game}/list'),
  Platforms: z.array(z.enum(ADAPTER_NAMES)).min(1).describe('Adapters the game is published on'),
  Capabilities: z
    .partialRecord(z.enum(ADAPTER_NAMES), z.array(PlatformCapabilitySchema))
    .default({})
    .describe('Capabilities per adapter'),
  SupportedLanguages: z.array(LocaleSchema).min(1),
  DefaultLanguage: LocaleSchema,
  GameOrientation: GameOrientationSchema.default('Unspecified'),
  MobileGameOrientation: GameOrientationSchema.default('Unspecified'),
  Presentation: PresentationSchema.optional(),
  MobilePresentation: PresentationSchema.optional(),
  ViewportPresentation: PresentationSchema.optional(),
  PlatformData: PlatformDataSchema.default({}),
  StatisticsAppId: z.string().optional(),
  SupportWidgetKey: z.string().optional(),
  SupportEmail: z.email().optional().describe("Where the game's support messages are mailed; SUPPORT_EMAIL otherwise"),
  // A flag left out is false, so a catalog written before a provider existed keeps its meaning.
  Store: StoreFlagsSchema.partial()
    .default({})
    .transform((flags) => ({
      XsollaEnabled: false,
      YookassaEnabled: false,
      StripeEnabled: false,
      AghanimEnabled: false,
      Bank131Enabled: false,
      MoneyMailRuEnabled: false,
      ...flags,
    })),
  PaymentProviders: z
    .partialRecord(PaymentProviderNameSchema, PaymentProviderRuleSchema)
    .default({})
    .describe('Per web payment provider the Store flags enable: its currencies, platforms and credentials'),
  TurnstileSiteKey: z.string().optional(),
  TosUrl: Link.optional(),
  TosOpenMethod: OpenMethodSchema.default('Modal'),
  PpUrl: Link.optional(),
  PpOpenMethod: OpenMethodSchema.default('Modal'),
  NamespacedProductsL10N: z.boolean().default(false),
  VkIdClientId: z.string().optional(),
  LoaderScreen: z
    .strictObject({ BackgroundColor: z.string().default('#101826'), ImageUrl: Link.optional() })
    .default({ BackgroundColor: '#101826' }),
  DiscordQrCodeImageUrl: Link.optional(),
  ExternalPlayUrl: Link.optional(),
  Advertisement: AdvertisementSchema.optional().describe(
    "Ad settings per platform: Yandex's desktop and mobile block ids",
  ),
  CloudSaves: CloudSavesSchema.default({}).describe(
    "Per platform, Host (the platform's own storage) or Fxid (fxid's server, the default) for storage.*",
  ),
  Products: z.array(ProductSchema).default([]),
  Documents: z.array(DocumentSchema).default([]),
  CrossPlayEvents: z
    .array(CrossPlayEventSchema)
    .default([])
    .describe('Events of this game that cross-play quests may count (GET /cross-play/events/rules)'),
  Leaderboards: z
    .array(LeaderboardDefinitionSchema)
    .default([])
    .describe('Leaderboards of this game (POST /leaderboards/*); see catalog/README.md'),
  Launcher: LauncherDefinitionSchema.optional().describe(
    'Desktop builds for the launcher: branches, releases and artifact files; see catalog/README.md',
  ),
});
export type CatalogGame = z.infer<typeof GameSchema>;
/** What the games table keeps of a game: everything but its products and documents. */
export type GameDefinition = Omit<CatalogGame, 'Products' | 'Documents'>;

const NewsSchema = z.strictObject({
  Id: z.string().regex(/^[\w.-]{1,64}$/, 'Expected letters, digits, dot, dash or underscore (at most 64)'),
  Game: GameSystemNameSchema.optional().describe('Shown for every game when absent'),
  Priority: NewsPrioritySchema,
  CreatedAt: Timestamp,
  Messages: z.record(LocaleSchema, z.strictObject({ Header: z.string().min(1), Message: z.string().min(1) })),
  Link: Link.optional(),
  IconUrl: Link.optional(),
  ImageUrl: Link.optional(),
  Tags: z.array(z.string()).default([]),
});
export type CatalogNews = z.infer<typeof NewsSchema>;

/** A cross-play quest: events of one game counted towards a target, per player. */
const QuestSchema = z.strictObject({
  Id: z.string().regex(/^[\w.-]{1,64}$/, 'Expected letters, digits, dot, dash or underscore (at most 64)'),
  Game: GameSystemNameSchema.optional().describe('The game that offers the quest; the portal when absent'),
  Names: Localized,
  Descriptions: Localized.default({}),
  Event: z.strictObject({
    Game: GameSystemNameSchema.describe('The game whose events count'),
    Code: CrossPlayEventCodeSchema.describe("One of that game's CrossPlayEvents"),
  }),
  Counting: z.enum(['Events', 'Value']).default('Events').describe('Events: each counts 1; Value: adds its Value'),
  Target: z.number().int().positive().max(1_000_000_000),
  StartsAt: Timestamp.optional(),
  EndsAt: Timestamp.optional(),
  Reward: z.string().max(500).optional().describe('What the offering game grants; shown to players as is'),
});
export type CatalogQuest = z.infer<typeof QuestSchema>;

/** The company's branding and, per language, its FAQ (shown at /docs/{adapter}/{lang}/faq.html). */
const CompanySchema = CompanyBrandingSchema.extend({ Faq: z.record(LocaleSchema, FaqSchema).default({}) });
export type CatalogCompany = z.infer<typeof CompanySchema>;

export const CatalogSchema = z
  .strictObject({
    Company: CompanySchema.optional(),
    Games: z.array(GameSchema).default([]),
    News: z.array(NewsSchema).default([]),
    Quests: z.array(QuestSchema).default([]),
  })
  .superRefine(checkConsistency);
export type Catalog = z.infer<typeof CatalogSchema>;

/** Rules that span fields: unique keys, languages and launch data that fit together. */
function checkConsistency(catalog: z.output<typeof CatalogSchema> | Catalog, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const names = new Set<string>();
  const documentIds = new Set<number>();
  const versionIds = new Set<number>();
  catalog.Games.forEach((game, g) => {
    const at = (...rest: (string | number)[]) => ['Games', g, ...rest];
    if (names.has(game.GameSystemName)) issue(at('GameSystemName'), `Duplicate game ${game.GameSystemName}`);
    names.add(game.GameSystemName);
    if (!game.SupportedLanguages.includes(game.DefaultLanguage)) {
      issue(at('DefaultLanguage'), 'Must be one of SupportedLanguages');
    }
    if (!(game.DefaultLanguage in game.Names)) issue(at('Names'), `Needs a name in ${game.DefaultLanguage}`);
    if (game.PlayGameType === 'Iframe' && !game.IframeUrl) issue(at('IframeUrl'), 'Required for an Iframe game');
    if (game.PlayGameType === 'Unity' && !game.Unity) issue(at('Unity'), 'Required for a Unity game');
    const skus = new Set<string>();
    game.Products.forEach((product, p) => {
      if (skus.has(product.Sku)) issue(at('Products', p, 'Sku'), `Duplicate sku ${product.Sku}`);
      skus.add(product.Sku);
      if (product.PriceBeforeDiscount !== undefined && product.PriceBeforeDiscount <= product.Price.Amount) {
        issue(at('Products', p, 'PriceBeforeDiscount'), 'Must be above Price.Amount');
      }
    });
    const boards = new Set<string>();
    game.Leaderboards.forEach((board, b) => {
      if (boards.has(board.Name)) issue(at('Leaderboards', b, 'Name'), `Duplicate leaderboard ${board.Name}`);
      boards.add(board.Name);
      if (board.MinScore > board.MaxScore) issue(at('Leaderboards', b, 'MaxScore'), 'Must not be below MinScore');
      checkHostBoard(board, game.Platforms, (message) => issue(at('Leaderboards', b, 'HostPlatforms'), message));
    });
    if (game.Launcher) checkLauncher(game.Launcher, (path, message) => issue(at('Launcher', ...path), message));
    game.Documents.forEach((document, d) => {
      if (documentIds.has(document.Id)) issue(at('Documents', d, 'Id'), `Duplicate document id ${document.Id}`);
      documentIds.add(document.Id);
      document.Versions.forEach((version, v) => {
        if (versionIds.has(version.Id)) {
          issue(at('Documents', d, 'Versions', v, 'Id'), `Duplicate version id ${version.Id}`);
        }
        versionIds.add(version.Id);
      });
    });
  });
  const newsIds = new Set<string>();
  catalog.News.forEach((item, n) => {
    if (newsIds.has(item.Id)) issue(['News', n, 'Id'], `Duplicate news id ${item.Id}`);
    newsIds.add(item.Id);
  });
  checkQuests(catalog, issue);
  checkTiers(catalog, issue);
}

/**
 * A board kept by hosts' own leaderboards: each host named once, on a platform the game is published
 * on, and no periodic reset (a host's board keeps its own periods; Yandex's never reset).
 */
function checkHostBoard(
  board: z.output<typeof LeaderboardDefinitionSchema>,
  platforms: readonly string[],
  issue: (message: string) => void,
): void {
  const hosts = board.HostPlatforms ?? [];
  if (new Set(hosts).size !== hosts.length) issue('Names a platform twice');
  const missing = hosts.filter((host) => !platforms.includes(host));
  if (missing.length > 0) issue(`Not among the game's Platforms: ${missing.join(', ')}`);
  if (hosts.length > 0 && board.ResetPeriod !== 'None') {
    issue(`A board kept by ${hosts.join(', ')} cannot reset ${board.ResetPeriod}: the host keeps its own periods`);
  }
}

/** Branch names unique in a game, artifact names unique in a branch, a patch only with the build it patches. */
function checkLauncher(
  launcher: CatalogGame['Launcher'] & object,
  issue: (path: (string | number)[], message: string) => void,
): void {
  const branches = new Set<string>();
  launcher.Branches.forEach((branch, b) => {
    if (branches.has(branch.Name)) issue(['Branches', b, 'Name'], `Duplicate branch ${branch.Name}`);
    branches.add(branch.Name);
    const artifacts = new Set<string>();
    branch.Artifacts.forEach((artifact, a) => {
      if (artifacts.has(artifact.Name))
        issue(['Branches', b, 'Artifacts', a, 'Name'], `Duplicate artifact ${artifact.Name}`);
      artifacts.add(artifact.Name);
      if (artifact.PatchFile && branch.Release.PreviousBuildNumber === undefined) {
        issue(['Branches', b, 'Artifacts', a, 'PatchFile'], 'Needs Release.PreviousBuildNumber, the build it patches');
      }
    });
    const previous = branch.Release.PreviousBuildNumber;
    if (previous !== undefined && previous >= branch.Release.BuildNumber) {
      issue(['Branches', b, 'Release', 'PreviousBuildNumber'], 'Must be below BuildNumber');
    }
  });
}

/** A product's tiers are other products of the same game, each named once. */
function checkTiers(
  catalog: z.output<typeof CatalogSchema> | Catalog,
  issue: (path: (string | number)[], message: string) => void,
): void {
  const gameOfSku = new Map<string, string[]>();
  for (const game of catalog.Games) {
    for (const product of game.Products) {
      gameOfSku.set(product.Sku, [...(gameOfSku.get(product.Sku) ?? []), game.GameSystemName]);
    }
  }
  catalog.Games.forEach((game, g) => {
    const own = new Set(game.Products.map((product) => product.Sku));
    game.Products.forEach((product, p) => {
      const seen = new Set<string>();
      (product.TieredProductsSku ?? []).forEach((sku, t) => {
        const at = ['Games', g, 'Products', p, 'TieredProductsSku', t];
        if (sku === product.Sku) issue(at, `${sku} cannot be a tier of itself`);
        else if (seen.has(sku)) issue(at, `Duplicate tier ${sku}`);
        else if (!own.has(sku)) {
          const others = gameOfSku.get(sku);
          issue(
            at,
            others
              ? `${sku} is a product of ${others.join(', ')}, not of ${game.GameSystemName}`
              : `Unknown sku ${sku} in ${game.GameSystemName}`,
          );
        }
        seen.add(sku);
      });
    });
  });
}

/** Quests name games of this file and events those games declare. */
function checkQuests(
  catalog: z.output<typeof CatalogSchema> | Catalog,
  issue: (path: (string | number)[], message: string) => void,
): void {
  const games = new Map(catalog.Games.map((game) => [game.GameSystemName, game]));
  const questIds = new Set<string>();
  catalog.Quests.forEach((quest, q) => {
    if (questIds.has(quest.Id)) issue(['Quests', q, 'Id'], `Duplicate quest id ${quest.Id}`);
    questIds.add(quest.Id);
    if (quest.Game !== undefined && !games.has(quest.Game)) issue(['Quests', q, 'Game'], `Unknown game ${quest.Game}`);
    const eventGame = games.get(quest.Event.Game);
    if (!eventGame) issue(['Quests', q, 'Event', 'Game'], `Unknown game ${quest.Event.Game}`);
    else if (!eventGame.CrossPlayEvents.some((rule) => rule.Code === quest.Event.Code)) {
      issue(['Quests', q, 'Event', 'Code'], `${quest.Event.Game} declares no CrossPlayEvents ${quest.Event.Code}`);
    }
    if (quest.StartsAt !== undefined && quest.EndsAt !== undefined && quest.EndsAt <= quest.StartsAt) {
      issue(['Quests', q, 'EndsAt'], 'Must be after StartsAt');
    }
    if (!(quest.Names.en ?? Object.values(quest.Names)[0])) issue(['Quests', q, 'Names'], 'Needs a name');
  });
}
