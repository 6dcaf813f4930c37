/** What a sed script does beyond printing: writing files (w, W, s///w) or running commands (e, s///e). */
export interface SedScriptEffects {
  writes: string | null;
  runs: string | null;
  unreadable: string | null;
}

/**
 * A small scanner over sed's command syntax: addresses, then one command
 * letter and its arguments. It only needs to find the commands that write
 * or execute; anything it cannot follow is reported as unreadable.
 */
export function scanSedScript(script: string): SedScriptEffects {
  const effects: SedScriptEffects = { writes: null, runs: null, unreadable: null };
  let i = 0;
  const n = script.length;
  const skipBlank = () => {
    while (i < n && /[ \t]/.test(script[i] as string)) i++;
  };
  const toLineEnd = () => {
    while (i < n && script[i] !== '\n') i++;
  };
  const readDelimited = (delimiter: string): boolean => {
    while (i < n && script[i] !== delimiter) {
      if (script[i] === '\\') i++;
      if (script[i] === '\n' && delimiter !== '\n') return false;
      i++;
    }
    if (i >= n) return false;
    i++;
    return true;
  };
  const readAddress = (): boolean => {
    const c = script[i];
    if (c === undefined) return true;
    if (/[0-9]/.test(c)) {
      while (i < n && /[0-9~]/.test(script[i] as string)) i++;
    } else if (c === '$') i++;
    else if (c === '/') {
      i++;
      if (!readDelimited('/')) return false;
      while (i < n && /[IM]/.test(script[i] as string)) i++;
    } else if (c === '\\') {
      const delimiter = script[i + 1];
      if (delimiter === undefined) return false;
      i += 2;
      if (!readDelimited(delimiter)) return false;
      while (i < n && /[IM]/.test(script[i] as string)) i++;
    }
    return true;
  };

  while (i < n) {
    while (i < n && /[\s;]/.test(script[i] as string)) i++;
    if (i >= n) break;
    if (!readAddress()) return { ...effects, unreadable: 'an address is not closed' };
    skipBlank();
    if (script[i] === ',') {
      i++;
      skipBlank();
      if (script[i] === '+' || script[i] === '~') i++;
      if (!readAddress()) return { ...effects, unreadable: 'an address is not closed' };
      skipBlank();
    }
    while (script[i] === '!' || script[i] === ' ') i++;
    const command = script[i];
    if (command === undefined) break;
    i++;
    switch (command) {
      case '{':
      case '}':
      case '=':
      case 'd':
      case 'D':
      case 'g':
      case 'G':
      case 'h':
      case 'H':
      case 'n':
      case 'N':
      case 'p':
      case 'P':
      case 'x':
      case 'z':
      case 'F':
        break;
      case '#':
      case ':':
      case 'a':
      case 'i':
      case 'c':
      case 'r':
      case 'R':
        toLineEnd();
        break;
      case 'b':
      case 't':
      case 'T':
        while (i < n && script[i] !== ';' && script[i] !== '\n' && script[i] !== '}') i++;
        break;
      case 'q':
      case 'Q':
      case 'l':
      case 'L':
        skipBlank();
        while (i < n && /[0-9]/.test(script[i] as string)) i++;
        break;
      case 'w':
      case 'W':
        effects.writes ??= `writes to a file from its script (${command} command)`;
        toLineEnd();
        break;
      case 'e':
        effects.runs ??= 'runs shell commands from its script (e command)';
        toLineEnd();
        break;
      case 's':
      case 'y': {
        const delimiter = script[i];
        if (delimiter === undefined || delimiter === '\n' || delimiter === '\\') return { ...effects, unreadable: `the ${command} command has no delimiter` };
        i++;
        if (!readDelimited(delimiter) || !readDelimited(delimiter)) return { ...effects, unreadable: `a ${command} command is not closed` };
        if (command === 'y') break;
        while (i < n && /[gpiImMe0-9w]/.test(script[i] as string)) {
          const flag = script[i] as string;
          i++;
          if (flag === 'e') effects.runs ??= 'runs the result as a shell command (s///e)';
          if (flag === 'w') {
            effects.writes ??= 'writes to a file from its script (s///w)';
            toLineEnd();
          }
        }
        break;
      }
      default:
        return { ...effects, unreadable: `unknown sed command '${command}'` };
    }
  }
  return effects;
}
