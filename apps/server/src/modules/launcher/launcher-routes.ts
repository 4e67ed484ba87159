import {
  ActivateKeyRequestSchema,
  ActivateKeyResponseSchema,
  AvailableBranchesResponseSchema,
  DownloadDirectQuerySchema,
  DownloadSessionSchema,
  GameSystemNameSchema,
  LauncherBranchNameSchema,
  LauncherManifestSchema,
  RequestDownloadRequestSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { accountOf, bearerToken, optionalAccountOf } from '../../http/authenticate.js';
import { problemResponses } from '../../http/responses.js';
import { artifactDigests } from './artifact-digests.js';
import { localFolderStore } from './artifact-store.js';
import { activateKey } from './launcher-keys-service.js';
import {
  availableBranches,
  directDownload,
  type LauncherDeps,
  launcherManifest,
  openDownload,
  requestDownload,
} from './launcher-service.js';
import { sendArtifact } from './send-artifact.js';

const GameParams = z.object({ Game: GameSystemNameSchema });
const ARTIFACT = z.any().describe('The artifact bytes (the range asked for, with 206)');

/** The desktop launcher's API (spec "Launcher"): keys, branches, manifests and downloads. */
export function launcherRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const store = localFolderStore(ctx.config.launcherArtifactsDir);
  const deps: LauncherDeps = {
    db: ctx.db,
    catalog: ctx.catalog,
    digests: artifactDigests(store),
    now: ctx.now,
    apiBase: `${ctx.config.publicUrl}${ctx.config.portal.routerBasePath}api/v1`,
  };
  const base = '/ftl_integration/:Game/launcher';
  return async (app) => {
    app.post(`${base}/activate_key`, {
      // Keys are unguessable, but a low limit keeps anyone from trying many.
      config: {
        auth: 'bearer',
        rateLimit: { max: 20, timeWindow: '10 minutes', keyGenerator: (request) => bearerToken(request) ?? request.ip },
      },
      schema: {
        tags: ['launcher'],
        summary: "Activates a key: unlocks its branch for the caller's account",
        params: GameParams,
        body: ActivateKeyRequestSchema,
        response: { 200: ActivateKeyResponseSchema, ...problemResponses(400, 401, 404, 409, 429) },
      },
      handler: async (request) =>
        activateKey({ ...deps, now: ctx.now() }, accountOf(request), request.params.Game, request.body.Key),
    });

    app.get(`${base}/available_branches`, {
      config: { auth: 'bearer' },
      schema: {
        tags: ['launcher'],
        summary: 'The branches the caller may download: open ones and those its keys unlocked',
        params: GameParams,
        response: { 200: AvailableBranchesResponseSchema, ...problemResponses(401, 404) },
      },
      handler: async (request) => availableBranches(deps, accountOf(request), request.params.Game),
    });

    app.get(`${base}/manifest/:Branch`, {
      config: { auth: 'bearer' },
      schema: {
        tags: ['launcher'],
        summary: "A branch's launcher manifest: configuration, release, and each artifact's size and SHA-256",
        params: GameParams.extend({ Branch: LauncherBranchNameSchema }),
        response: { 200: LauncherManifestSchema, ...problemResponses(401, 403, 404, 503) },
      },
      handler: async (request) =>
        launcherManifest(deps, accountOf(request), request.params.Game, request.params.Branch),
    });

    app.post(`${base}/request_download`, {
      // Anonymous for branches open to all; a key-locked branch needs the bearer of an account that unlocked it.
      config: { auth: 'optional' },
      schema: {
        tags: ['launcher'],
        summary: 'A short-lived download session for one artifact, good for one GET of download/{SessionId}',
        params: GameParams,
        body: RequestDownloadRequestSchema,
        response: { 200: DownloadSessionSchema, ...problemResponses(400, 401, 403, 404, 503) },
      },
      handler: async (request) => requestDownload(deps, optionalAccountOf(request), request.params.Game, request.body),
    });

    app.get(`${base}/download/:SessionId`, {
      // A HEAD would spend the single-use session without downloading anything.
      exposeHeadRoute: false,
      schema: {
        tags: ['launcher'],
        summary: 'Streams the artifact of a download session; send Range: bytes=N- to resume',
        params: GameParams.extend({ SessionId: z.string().regex(/^[\w-]{20,128}$/) }),
        response: { 200: ARTIFACT, 206: ARTIFACT, ...problemResponses(400, 404, 410, 416, 503) },
      },
      handler: async (request, reply) =>
        sendArtifact(request, reply, store, await openDownload(deps, request.params.Game, request.params.SessionId)),
    });

    app.get(`${base}/download_direct`, {
      schema: {
        tags: ['launcher'],
        summary: 'Streams an artifact of a branch open to all, without a session (Range supported)',
        params: GameParams,
        querystring: DownloadDirectQuerySchema,
        response: { 200: ARTIFACT, 206: ARTIFACT, ...problemResponses(400, 403, 404, 416, 503) },
      },
      handler: async (request, reply) =>
        sendArtifact(request, reply, store, await directDownload(deps, request.params.Game, request.query)),
    });
  };
}
