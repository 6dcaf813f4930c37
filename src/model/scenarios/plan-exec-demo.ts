import type { Scenario } from '../scenario';
import { SLUGIFY_FIX, SLUGIFY_TESTS, SLUGIFY_WITH_BUG } from './demo';

/**
 * The demo in plan_exec mode: the same change, walked through all four phases,
 * with one call refused by the gate (a write during planning) and the recovery.
 */
export const planExecDemo: Scenario = {
  name: 'plan_exec-demo',
  title: 'Add slugify in phases (demo)',
  description: 'The demo under phase gating: plans read-only, is refused a write while planning, advances, builds, verifies and delivers.',
  defaultTask: 'Add a slugify function to sample-utils, with tests.',
  turns: [
    {
      text: 'Planning first: I will look around without changing anything.',
      toolCalls: [
        { name: 'list_files', args: { path: '.' } },
        { name: 'read_file', args: { path: 'tests/greet_test.sh' } },
      ],
    },
    {
      text: 'Functions live in src/NAME.sh with a test in tests/NAME_test.sh. Let me create the function right away.',
      toolCalls: [{ name: 'create_file', args: { path: 'src/slugify.sh', content: SLUGIFY_WITH_BUG } }],
    },
    {
      text:
        'Refused: planning is read-only. The plan is complete, so I will say it and move on: ' +
        '1) add src/slugify.sh, 2) add tests/slugify_test.sh, 3) run the suite, 4) verify and deliver.',
      toolCalls: [{ name: 'advance_phase', args: { reason: 'plan complete: add slugify with tests, then run the suite' } }],
    },
    {
      text: 'Building: creating the function and its tests.',
      toolCalls: [
        { name: 'create_file', args: { path: 'src/slugify.sh', content: SLUGIFY_WITH_BUG } },
        { name: 'create_file', args: { path: 'tests/slugify_test.sh', content: SLUGIFY_TESTS } },
      ],
    },
    {
      text: 'Running the tests.',
      toolCalls: [{ name: 'run_tests', args: {} }],
    },
    {
      text: 'The slug keeps its capital letters; the function never lowercases. Fixing it.',
      toolCalls: [{ name: 'edit_file', args: SLUGIFY_FIX }],
    },
    {
      text: 'The change is built; moving to verification.',
      toolCalls: [{ name: 'advance_phase', args: { reason: 'slugify and its tests are written' } }],
    },
    {
      text: 'Verification: running the whole suite and checking the result.',
      toolCalls: [
        { name: 'run_tests', args: {} },
        { name: 'run_command', args: { command: 'grep -n "tr " src/slugify.sh' } },
      ],
    },
    {
      text: 'Everything passes; moving to delivery.',
      toolCalls: [{ name: 'advance_phase', args: { reason: 'the suite passes' } }],
    },
    {
      text:
        'Delivered. src/slugify.sh defines `slugify` (lowercase, non-alphanumeric runs become one dash, dashes trimmed) ' +
        'and tests/slugify_test.sh covers it; the suite passes. The one refused call was a write during planning, ' +
        'which I redid in the building phase.',
    },
  ],
};
