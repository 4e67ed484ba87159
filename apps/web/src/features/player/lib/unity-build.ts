/**
 * Turning a Unity WebGL build description into what Unity's loader needs.
 * The catalog names the build JSON (spec §3 UnityGameConfig); the JSON lists the
 * build's files, and the compression says which suffix the server stores them with.
 */

export type UnityCompression = 'Unspecified' | 'Disabled' | 'Brotli' | 'Gzip';

/** The fields of a Unity build JSON the portal reads. */
export interface UnityBuildJson {
  loaderUrl?: string;
  dataUrl: string;
  frameworkUrl: string;
  codeUrl?: string;
  /** Older builds name the WebAssembly file this way. */
  wasmCodeUrl?: string;
  companyName?: string;
  productName?: string;
  productVersion?: string;
}

/** What `createUnityInstance(canvas, config)` takes. */
export interface UnityInstanceConfig {
  dataUrl: string;
  frameworkUrl: string;
  codeUrl: string;
  streamingAssetsUrl: string;
  companyName: string;
  productName: string;
  productVersion: string;
}

const SUFFIX: Record<UnityCompression, string> = { Unspecified: '', Disabled: '', Brotli: '.br', Gzip: '.gz' };

function withSuffix(file: string, compression: UnityCompression): string {
  const suffix = SUFFIX[compression];
  return suffix && !file.endsWith(suffix) ? `${file}${suffix}` : file;
}

function join(base: string, file: string): string {
  return /^(https?:)?\/\//.test(file) || file.startsWith('/') ? file : `${base.replace(/\/$/, '')}/${file}`;
}

/** The loader script and instance config of a build. */
export function unityLaunchPlan(
  build: { BaseUrl: string; BaseBuildUrl: string; UnityBuildJson: string; Compression: UnityCompression },
  json: UnityBuildJson,
): { loaderUrl: string; config: UnityInstanceConfig } {
  const code = json.codeUrl ?? json.wasmCodeUrl;
  if (!json.dataUrl || !json.frameworkUrl || !code) {
    throw new Error(`The Unity build description ${build.UnityBuildJson} lacks dataUrl, frameworkUrl or codeUrl`);
  }
  const file = (name: string) => join(build.BaseBuildUrl, withSuffix(name, build.Compression));
  const jsonName = build.UnityBuildJson.split('/').pop() ?? build.UnityBuildJson;
  const loader = json.loaderUrl ?? jsonName.replace(/\.json$/, '.loader.js');
  return {
    // The loader itself is never compressed: the browser runs it as a plain script.
    loaderUrl: join(build.BaseBuildUrl, loader),
    config: {
      dataUrl: file(json.dataUrl),
      frameworkUrl: file(json.frameworkUrl),
      codeUrl: file(code),
      streamingAssetsUrl: join(build.BaseUrl, 'StreamingAssets'),
      companyName: json.companyName ?? '',
      productName: json.productName ?? '',
      productVersion: json.productVersion ?? '',
    },
  };
}

/** Where the build JSON lives. */
export function unityBuildJsonUrl(build: { BaseUrl: string; BaseBuildUrl: string; UnityBuildJson: string }): string {
  return build.UnityBuildJson.includes('/')
    ? join(build.BaseUrl, build.UnityBuildJson)
    : join(build.BaseBuildUrl, build.UnityBuildJson);
}
