import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOG } from '../../test/app.js';
import { CatalogFileError, parseCatalog } from '../catalog/catalog-file.js';

const demoText = readFileSync(DEMO_CATALOG, 'utf8');

function problemsOf(text: string): string[] {
  try {
    parseCatalog(text);
  } catch (error) {
    if (error instanceof CatalogFileError) return error.problems.map((p) => `${p.path}: ${p.message}`);
    throw error;
  }
  return [];
}

describe('launcher block of the catalog', () => {
  it('reads the demo branches with their defaults', () => {
    const launcher = parseCatalog(demoText).Games[0]?.Launcher;
    expect(launcher?.Branches.map((branch) => [branch.Name, branch.RequiresKey])).toEqual([
      ['stable', true],
      ['demo', false],
    ]);
  });

  it('refuses artifact paths that leave the artifacts folder', () => {
    for (const path of ['../secrets.txt', '/etc/passwd', 'sky-runner/../../x', './a', 'a//b', 'a\\b']) {
      const problems = problemsOf(
        demoText.replace('File: sky-runner/demo/sky-runner-demo-win64.zip', `File: "${path}"`),
      );
      expect(problems, path).toEqual([
        expect.stringMatching(/^Games\[0\]\.Launcher\.Branches\[1\]\.Artifacts\[0\]\.File: /),
      ]);
    }
  });

  it('refuses duplicate branches and artifacts, and a patch without the build it patches', () => {
    const text = demoText.replace('- Name: demo\n', '- Name: stable\n').replace('PreviousBuildNumber: 1401, ', '');
    expect(problemsOf(text).sort()).toEqual([
      'Games[0].Launcher.Branches[0].Artifacts[0].PatchFile: Needs Release.PreviousBuildNumber, the build it patches',
      'Games[0].Launcher.Branches[1].Name: Duplicate branch stable',
    ]);
    const backwards = demoText.replace('PreviousBuildNumber: 1401', 'PreviousBuildNumber: 1500');
    expect(problemsOf(backwards)).toEqual([
      'Games[0].Launcher.Branches[0].Release.PreviousBuildNumber: Must be below BuildNumber',
    ]);
  });
});
