import { requiredNode, runtimeProblem } from './runtime';

describe('runtimeProblem', () => {
  it('should accept the minimum and anything newer', () => {
    expect(runtimeProblem('v24.11.0', '>=24.11.0')).toBeNull();
    expect(runtimeProblem('v24.21.0', '>=24.11.0')).toBeNull();
    expect(runtimeProblem('v26.0.0', '>=24.11.0')).toBeNull();
  });

  it('should refuse an older Node.js in one line that says what to do', () => {
    const problem = runtimeProblem('v20.19.5', '>=24.11.0');
    expect(problem).toBe(
      'Quire needs Node.js 24.11.0 or newer and this is v20.19.5: run it through npm (npm start, npm test), which uses the ' +
        "project's own Node.js 24 from node_modules/.bin, or install Node.js 24 LTS.",
    );
    expect(problem).not.toContain('\n');
    expect(runtimeProblem('v24.10.9', '>=24.11.0')).toMatch(/^Quire needs Node.js 24.11.0/);
  });

  it('should say when engines.node is not written as a minimum', () => {
    expect(runtimeProblem('v24.21.0', '^24')).toBe('package.json\'s engines.node must read ">=X.Y.Z", not "^24"');
  });

  it("should read the project's own requirement, which its pinned Node.js meets", () => {
    expect(requiredNode()).toMatch(/^>=24\.\d+\.\d+$/);
    expect(runtimeProblem(process.version, requiredNode())).toBeNull();
  });
});
