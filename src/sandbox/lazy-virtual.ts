import type { SandboxInfo } from '../protocol/events';
import type { ExecOptions, Sandbox } from './port';
import type { VirtualSandbox, VirtualSandboxOptions } from './virtual';
import { virtualRuntimes, virtualSandboxInfo, virtualWorkdir } from './virtual-info';

/**
 * The virtual sandbox, with just-bash (≈350 KB gzip in the browser) loaded on first
 * use instead of with the worker, so the page is ready before the interpreter arrives.
 */
export class LazyVirtualSandbox implements Sandbox {
  readonly info: SandboxInfo;
  readonly workdir: string;
  private loaded: Promise<VirtualSandbox> | null = null;

  constructor(private readonly options: VirtualSandboxOptions = {}) {
    this.workdir = virtualWorkdir(options.workdir);
    this.info = virtualSandboxInfo(options.reason, virtualRuntimes(options));
  }

  /** Starts loading now (e.g. when the page goes idle); later calls share the same load. */
  load(): Promise<VirtualSandbox> {
    this.loaded ??= import('./virtual').then(({ VirtualSandbox }) => new VirtualSandbox(this.options));
    return this.loaded;
  }

  async readFile(path: string) {
    return (await this.load()).readFile(path);
  }
  async writeFile(path: string, content: string) {
    return (await this.load()).writeFile(path, content);
  }
  async exists(path: string) {
    return (await this.load()).exists(path);
  }
  async stat(path: string) {
    return (await this.load()).stat(path);
  }
  async listDir(path: string) {
    return (await this.load()).listDir(path);
  }
  async realpath(path: string) {
    return (await this.load()).realpath(path);
  }
  async mkdir(path: string, options?: { recursive?: boolean }) {
    return (await this.load()).mkdir(path, options);
  }
  async remove(path: string, options?: { recursive?: boolean }) {
    return (await this.load()).remove(path, options);
  }
  async exec(command: string, options?: ExecOptions) {
    return (await this.load()).exec(command, options);
  }
  async cwd() {
    return (await this.load()).cwd();
  }
  async resetShellState() {
    return (await this.load()).resetShellState();
  }
  async dispose() {
    if (this.loaded) await (await this.loaded).dispose();
  }
}
