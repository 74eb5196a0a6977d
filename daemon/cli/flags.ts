// The CLI's flag reader. node:util's parseArgs did this job, but loading it
// is most of a millisecond of every CLI start (its module and validators are
// not in Node's startup snapshot); the CLI needs only this much of it.
import { UsageError } from '../errors';
import { closest } from '../text/edit-distance';

export interface FlagOption {
  type: 'string' | 'boolean';
  short?: string;
  /** Repeatable: every value is kept, in order. */
  multiple?: boolean;
}

export interface ParsedFlags {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/**
 * `--name value`, `--name=value`, `--flag`, `-h` (short booleans may be
 * grouped: `-hy`), and `--` before arguments that start with a dash. An
 * unknown flag, a missing value and a value given to a boolean are errors.
 */
export function parseFlags(argv: readonly string[], options: Readonly<Record<string, FlagOption>>): ParsedFlags {
  const values: ParsedFlags['values'] = {};
  const positionals: string[] = [];
  const shorts = new Map<string, string>();
  for (const [name, o] of Object.entries(options)) if (o.short) shorts.set(o.short, name);
  const set = (name: string, value: string | boolean): void => {
    if (options[name]!.multiple) ((values[name] ??= []) as string[]).push(String(value));
    else values[name] = value;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      // `--no-memory`: a boolean option's negation, where no option of that name exists.
      const negated = name.startsWith('no-') && !Object.hasOwn(options, name) && options[name.slice(3)]?.type === 'boolean' ? name.slice(3) : undefined;
      if (negated !== undefined && eq < 0) {
        values[negated] = false;
        continue;
      }
      const option = Object.hasOwn(options, name) ? options[name]! : undefined;
      if (!option) throw unknown(`--${name}`, closest(name, Object.keys(options), 2));
      if (option.type === 'boolean') {
        if (eq >= 0) throw new UsageError(`--${name} takes no value`);
        set(name, true);
      } else if (eq >= 0) set(name, a.slice(eq + 1));
      else {
        const value = argv[i + 1];
        if (value === undefined || (value.startsWith('--') && value.length > 2)) throw new UsageError(`--${name} needs a value`);
        set(name, value);
        i++;
      }
    } else if (a.startsWith('-') && a.length > 1) {
      for (const c of a.slice(1)) {
        const name = shorts.get(c);
        if (name === undefined || options[name]!.type !== 'boolean') throw unknown(`-${c}`);
        set(name, true);
      }
    } else positionals.push(a);
  }
  return { values, positionals };
}

const unknown = (flag: string, near?: string): UsageError =>
  new UsageError(
    `unknown option '${flag}'${near ? `; did you mean --${near}?` : ` (scry help lists the options; an argument that starts with '-' goes after '--', as in -- "${flag}")`}`,
  );
