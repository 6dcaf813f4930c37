import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/protocol/settings';
import { DEFAULT_PAGE_SETTINGS } from '../../../src/ui/settings/page-settings';
import { loadSettings, saveSettings, SETTINGS_KEY } from '../../../src/ui/settings/storage';
import { type SettingsDraft, toDraft, validateDraft } from '../../../src/ui/settings/validate';
import { memoryStore } from './memory-storage';

const draft = () => toDraft(DEFAULT_PAGE_SETTINGS);

function withRole(base: SettingsDraft, role: 'planner' | 'coder' | 'reviewer', fields: Partial<SettingsDraft['roles']['planner']>): SettingsDraft {
  return { ...base, roles: { ...base.roles, [role]: { ...base.roles[role], ...fields } } };
}

describe('Settings: orchestrator', () => {
  it("default to two review rounds and roles that use the run's model, step limit and prompts", () => {
    expect(draft().maxReviewRounds).toBe('2');
    expect(draft().roles.coder).toEqual({ model: '', maxSteps: '', instructions: '' });
    expect(validateDraft(draft())).toMatchObject({
      ok: true,
      settings: { maxReviewRounds: 2, roles: { planner: { model: '', maxSteps: null, instructions: '' } } },
    });
  });

  it("keep each role's model, step cap and instructions, trimmed, and show them back", () => {
    let typed = { ...draft(), maxReviewRounds: '0' };
    typed = withRole(typed, 'reviewer', { model: '  critic-model ', maxSteps: ' 12 ', instructions: '  Insist on tests.\n' });
    const result = validateDraft(typed);
    expect(result).toMatchObject({
      ok: true,
      settings: {
        maxReviewRounds: 0,
        roles: {
          reviewer: { model: 'critic-model', maxSteps: 12, instructions: 'Insist on tests.' },
          coder: { model: '', maxSteps: null, instructions: '' },
        },
      },
    });
    if (result.ok) expect(toDraft(result.settings).roles.reviewer).toEqual({ model: 'critic-model', maxSteps: '12', instructions: 'Insist on tests.' });
  });

  it('report each bad value on its own field', () => {
    let typed = { ...draft(), maxReviewRounds: '6' };
    typed = withRole(typed, 'planner', { maxSteps: '0' });
    typed = withRole(typed, 'coder', { maxSteps: '2.5', model: 'm'.repeat(201) });
    typed = withRole(typed, 'reviewer', { instructions: 'x'.repeat(4_001) });
    expect(validateDraft(typed)).toEqual({
      ok: false,
      errors: {
        maxReviewRounds: 'Enter a whole number from 0 (no review) to 5.',
        'roles.planner.maxSteps': 'Enter a whole number from 1 to 200, or leave it empty for Max iterations.',
        'roles.coder.maxSteps': 'Enter a whole number from 1 to 200, or leave it empty for Max iterations.',
        'roles.coder.model': "A role's model name is at most 200 characters.",
        'roles.reviewer.instructions': "A role's extra instructions are at most 4,000 characters.",
      },
    });
  });

  it('survive a save and a load; settings stored before they existed load with the defaults', () => {
    const store = memoryStore();
    const settings = {
      ...DEFAULT_PAGE_SETTINGS,
      maxReviewRounds: 4,
      roles: { ...DEFAULT_PAGE_SETTINGS.roles, coder: { model: 'coder-model', maxSteps: 40, instructions: 'Small commits.' } },
    };
    saveSettings(store, settings);
    expect(loadSettings(store)).toEqual({ settings, error: null });

    const { maxReviewRounds: _rounds, roles: _roles, ...older } = DEFAULT_SETTINGS;
    expect(loadSettings(memoryStore({ [SETTINGS_KEY]: JSON.stringify(older) }))).toEqual({ settings: DEFAULT_PAGE_SETTINGS, error: null });
    const partial = { ...older, roles: { coder: { model: 'x' } } };
    const loaded = loadSettings(memoryStore({ [SETTINGS_KEY]: JSON.stringify(partial) }));
    expect(loaded.settings.roles).toEqual({ ...DEFAULT_PAGE_SETTINGS.roles, coder: { model: 'x', maxSteps: null, instructions: '' } });
  });
});
