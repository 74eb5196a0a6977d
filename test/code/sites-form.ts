// Reads the compact answer's sites form back the way an agent reads it, so
// tests and the answers bench check what the text says, not what the code
// meant to print: the tree of folders (a folder line `lib/compile/`, and
// under it, one space deeper, its files and folders, each named from the
// folder line above it), each file line's sites (`Enclosing 12,14-16
// read;def 20`), and the lines those sites name.

/**
 * Each file a sites listing names, with its sites text (`import` for a file
 * that only imports). A line deeper than the folder lines above it names
 * nothing; any other line (a header, `not listed: …`, a page's rest) ends
 * the tree above it.
 */
export function readSites(text: string): Map<string, string> {
  const files = new Map<string, string>();
  // folders[d]: the path of the folder line at depth d that lines at depth d + 1 are in.
  const folders: string[] = [];
  for (const line of text.split('\n')) {
    const depth = /^ */.exec(line)![0].length;
    const body = line.slice(depth);
    const under = depth <= folders.length;
    const from = depth > 0 ? folders[depth - 1]! : '';
    if (/^[^\s#…]\S*\/$/.test(body)) {
      folders.length = under ? depth : 0;
      if (under) folders.push(from + body);
      continue;
    }
    const named = /^([^\s#…,]+\.[A-Za-z0-9]+(?:, [^\s#…,]+\.[A-Za-z0-9]+)*): (.+)$/.exec(body);
    if (named && under) for (const f of named[1]!.split(', ')) files.set(from + f, named[2]!);
    folders.length = named && under ? depth : 0;
  }
  return files;
}

/** The lines a file's sites text names (`Enclosing 12,14-16 read;def 20` names 12, 14, 15, 16 and 20). */
export function linesOf(sites: string): Set<number> {
  const lines = new Set<number>();
  for (const group of sites.split(';')) {
    for (const item of group.split(',')) {
      const at = /(?:^|\s)(\d+)(?:-(\d+))?(?:\s|$)/.exec(item);
      if (!at) continue;
      const first = Number(at[1]);
      for (let l = first; l <= Number(at[2] ?? first); l++) lines.add(l);
    }
  }
  return lines;
}
