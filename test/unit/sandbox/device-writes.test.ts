import { describe, expect, it } from 'vitest';
import { VirtualSandbox } from '../../../src/sandbox/virtual';

describe('writes to devices the virtual sandbox does not have', () => {
  it.each(['echo x > /dev/tty', 'echo x > /dev/fd/5', 'echo x 5>/dev/fd/5', 'echo x >> /dev/fd/9', 'cp README.md /dev/tty', 'mkdir /dev/x', 'touch /dev/fd/7'])(
    '`%s` fails and creates nothing',
    async (command) => {
      const sandbox = new VirtualSandbox({ files: { 'README.md': 'r\n' } });
      const before = (await sandbox.exec('find /dev')).stdout;
      const result = await sandbox.exec(command);
      expect(result.exitCode).not.toBe(0);
      expect((await sandbox.exec('find /dev')).stdout).toBe(before);
    },
  );

  it('still lets the devices it has take writes', async () => {
    const sandbox = new VirtualSandbox();
    const result = await sandbox.exec('echo a > /dev/null; echo b > /dev/fd/1; echo c > /dev/stderr');
    expect(result).toMatchObject({ exitCode: 0, stdout: 'b\n', stderr: 'c\n' });
  });
});
