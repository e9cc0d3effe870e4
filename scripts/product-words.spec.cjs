// The repository speaks of the product, not of how it was planned: issue numbers live only in
// CHANGELOG.md (and git history), never in code, comments, test titles, bench output or the docs,
// and the docs stand alone in a clone (they name no folder beside the repository).
const { execFileSync } = require('node:child_process');
const { resolve } = require('node:path');

const root = resolve(__dirname, '..');

/** `git grep` over tracked and untracked (not ignored) files: the matching lines, as "path:line:text". */
function gitGrep(pattern, pathspecs) {
  try {
    const out = execFileSync('git', ['grep', '--untracked', '-n', '-I', '-i', '-E', pattern, '--', ...pathspecs], { cwd: root, encoding: 'utf8' });
    return out.split('\n').filter(Boolean);
  } catch (error) {
    if (error.status === 1) return []; // git grep found nothing
    throw error;
  }
}

describe('product words', () => {
  it('should name no issue number outside CHANGELOG.md', () => {
    // "issue N", "issues N and M", "issue #N", "(#N)" with N a number, and doc anchors ending "-issue-N".
    expect(gitGrep('issues? #?[0-9]|\\(#[0-9]+\\)|issue-[0-9]', ['.', ':!CHANGELOG.md'])).toEqual([]);
  });

  it('should point the docs at nothing outside the repository', () => {
    expect(gitGrep('\\.\\./shared/', ['README.md', 'CONTRIBUTING.md', 'docs'])).toEqual([]);
  });
});
