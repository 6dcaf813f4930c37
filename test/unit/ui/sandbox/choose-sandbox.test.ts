import { describe, expect, it } from 'vitest';
import { chooseSandbox, type SandboxChoiceInput } from '../../../../src/ui/sandbox/choose-sandbox';
import { hasPythonFiles } from '../../../../src/ui/sandbox/python-workspace';

const base: SandboxChoiceInput = { preference: 'auto', crossOriginIsolated: true, online: true, remembered: null, forceBoot: false };
const failure = { at: Date.UTC(2026, 10, 26, 10, 5), reason: 'WebContainer did not start within 15 s (it needs network access)' };

describe('chooseSandbox', () => {
  it('takes the virtual sandbox when Settings chose it, before any other check', () => {
    expect(chooseSandbox({ ...base, preference: 'virtual', crossOriginIsolated: false, online: false })).toEqual({
      use: 'virtual',
      check: 'settings',
      reason: 'chosen in Settings',
      offerWebContainer: false,
    });
  });

  it('names cross-origin isolation when the page is not isolated', () => {
    const choice = chooseSandbox({ ...base, crossOriginIsolated: false, online: false });
    expect(choice).toMatchObject({ use: 'virtual', check: 'isolation', offerWebContainer: false });
    expect(choice.use === 'virtual' && choice.reason).toContain('crossOriginIsolated is false');
  });

  it('says the browser is offline when navigator.onLine is false', () => {
    const choice = chooseSandbox({ ...base, online: false, remembered: failure });
    expect(choice).toMatchObject({ use: 'virtual', check: 'online', reason: 'the browser is offline (navigator.onLine is false)' });
  });

  it('starts on the virtual sandbox at once after a remembered failure, offering WebContainer again', () => {
    const choice = chooseSandbox({ ...base, remembered: failure });
    expect(choice).toMatchObject({ use: 'virtual', check: 'remembered', offerWebContainer: true });
    expect(choice.use === 'virtual' && choice.reason).toBe(
      'WebContainer failed earlier in this browser (2026-11-26 10:05 UTC): WebContainer did not start within 15 s (it needs network access)',
    );
  });

  it('probes before booting when nothing decided', () => {
    expect(chooseSandbox(base)).toEqual({ use: 'probe-then-boot' });
  });

  it('boots without memory or probe for an explicit webcontainer preference or "Try WebContainer"', () => {
    expect(chooseSandbox({ ...base, preference: 'webcontainer', remembered: failure })).toEqual({ use: 'boot' });
    expect(chooseSandbox({ ...base, forceBoot: true, remembered: failure })).toEqual({ use: 'boot' });
  });

  it('still refuses an explicit webcontainer preference when it cannot work', () => {
    expect(chooseSandbox({ ...base, preference: 'webcontainer', online: false })).toMatchObject({ use: 'virtual', check: 'online' });
    expect(chooseSandbox({ ...base, preference: 'webcontainer', crossOriginIsolated: false })).toMatchObject({ use: 'virtual', check: 'isolation' });
  });

  describe('a workspace with Python files', () => {
    it("takes the virtual sandbox on 'auto', before the memory and the probe, without offering WebContainer", () => {
      expect(chooseSandbox({ ...base, pythonWorkspace: true, remembered: failure })).toEqual({
        use: 'virtual',
        check: 'python',
        reason: 'this workspace has Python files, and WebContainer has no Python',
        offerWebContainer: false,
      });
    });

    it('boots an explicit WebContainer choice, or "Try WebContainer", all the same', () => {
      expect(chooseSandbox({ ...base, pythonWorkspace: true, preference: 'webcontainer' })).toEqual({ use: 'boot' });
      expect(chooseSandbox({ ...base, pythonWorkspace: true, forceBoot: true })).toEqual({ use: 'boot' });
    });

    it('leaves a virtual choice in Settings as the reason', () => {
      expect(chooseSandbox({ ...base, pythonWorkspace: true, preference: 'virtual' })).toMatchObject({ check: 'settings' });
    });
  });
});

describe('hasPythonFiles', () => {
  it.each([['app/main.py'], ['setup.py'], ['pyproject.toml'], ['requirements.txt'], ['pkg/sub/pyproject.toml'], ['.hidden.py']])('finds %s', (path) => {
    expect(hasPythonFiles(['package.json', path])).toBe(true);
  });

  it.each([['main.pyc'], ['notes.py.txt'], ['requirements.txt.bak'], ['mypyproject.toml'], ['src/greet.sh'], ['py/README.md']])('does not count %s', (path) => {
    expect(hasPythonFiles(['package.json', path])).toBe(false);
  });
});
