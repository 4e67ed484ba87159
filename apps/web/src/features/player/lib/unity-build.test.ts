import { describe, expect, it } from 'vitest';
import { unityBuildJsonUrl, unityLaunchPlan } from './unity-build';

const build = {
  BaseUrl: 'https://cdn.example/gem/',
  BaseBuildUrl: 'https://cdn.example/gem/Build',
  UnityBuildJson: 'Build/gem.json',
};
const json = { dataUrl: 'gem.data', frameworkUrl: 'gem.framework.js', codeUrl: 'gem.wasm', productName: 'Gem' };

describe('Unity builds', () => {
  it('finds the build JSON relative to the build folder or the base', () => {
    expect(unityBuildJsonUrl(build)).toBe('https://cdn.example/gem/Build/gem.json');
    expect(unityBuildJsonUrl({ ...build, UnityBuildJson: 'gem.json' })).toBe('https://cdn.example/gem/Build/gem.json');
  });

  it.each([
    ['Disabled', ''],
    ['Unspecified', ''],
    ['Brotli', '.br'],
    ['Gzip', '.gz'],
  ] as const)('asks for the %s files with the suffix "%s"', (Compression, suffix) => {
    const plan = unityLaunchPlan({ ...build, Compression }, json);
    expect(plan.loaderUrl).toBe('https://cdn.example/gem/Build/gem.loader.js');
    expect(plan.config).toMatchObject({
      dataUrl: `https://cdn.example/gem/Build/gem.data${suffix}`,
      frameworkUrl: `https://cdn.example/gem/Build/gem.framework.js${suffix}`,
      codeUrl: `https://cdn.example/gem/Build/gem.wasm${suffix}`,
      streamingAssetsUrl: 'https://cdn.example/gem/StreamingAssets',
      productName: 'Gem',
    });
  });

  it('keeps names that already carry the suffix, and older wasmCodeUrl builds', () => {
    const plan = unityLaunchPlan(
      { ...build, Compression: 'Brotli' },
      { dataUrl: 'gem.data.br', frameworkUrl: 'gem.framework.js.br', wasmCodeUrl: 'gem.wasm.br', loaderUrl: 'l.js' },
    );
    expect(plan.config.dataUrl).toBe('https://cdn.example/gem/Build/gem.data.br');
    expect(plan.config.codeUrl).toBe('https://cdn.example/gem/Build/gem.wasm.br');
    expect(plan.loaderUrl).toBe('https://cdn.example/gem/Build/l.js');
  });

  it('refuses a description without the files to load', () => {
    expect(() => unityLaunchPlan({ ...build, Compression: 'Gzip' }, { dataUrl: 'a', frameworkUrl: 'b' })).toThrow(
      /lacks dataUrl, frameworkUrl or codeUrl/,
    );
  });
});
