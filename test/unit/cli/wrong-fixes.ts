import type { MockReply } from '../model/mock-openai-server';
import { callReply } from './run-cli';

/** A test the starter project does not pass yet: `add` is not written. */
export const addTest = callReply('call_test', 'create_file', {
  path: 'tests/add_test.sh',
  content: 'source src/add.sh\nassert_eq "$(add 2 3)" "5" "adds two numbers"\n',
});

/** Attempt N: a different wrong `add` (it subtracts, multiplies, …), then the tests, which fail the same way. */
const WRONG_ADDS = ['$(($1 - $2))', '$(($1 * $2))', '$(($1 / $2))', '$(($1 % $2))', '$(($1 ** $2))'];
export const wrongFix = (n: number): MockReply[] => [
  n === 1
    ? callReply('call_fix_1', 'create_file', { path: 'src/add.sh', content: `add() {\n  echo ${WRONG_ADDS[0]}\n}\n` })
    : callReply(`call_fix_${n}`, 'edit_file', { path: 'src/add.sh', search: WRONG_ADDS[n - 2], replace: WRONG_ADDS[n - 1] }),
  callReply(`call_run_${n}`, 'run_tests', {}),
];

/** The right `add` after the third wrong one. */
export const rightFix = callReply('call_fix_right', 'edit_file', { path: 'src/add.sh', search: WRONG_ADDS[2], replace: '$(($1 + $2))' });
