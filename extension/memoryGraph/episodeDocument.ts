// What the read-only episode editor shows, as markdown. No vscode import.
import type { EpisodeView } from '../../webview/protocol';

export const EPISODE_SCHEME = 'scry-episode';

export function episodeMarkdown(e: EpisodeView, text: string | undefined): string {
  const lines = [
    `# Episode ${e.id.slice(0, 12)}`,
    '',
    `- Source: ${e.source} transcript \`${e.path}\`, lines ${e.lineStart}–${e.lineEnd}`,
    `- Occurred: ${e.occurredAt}`,
    `- Id: ${e.id}`,
    '',
    '## Summary',
    '',
    e.summary || '(no summary)',
    '',
  ];
  if (text !== undefined) lines.push('## Distilled text', '', text, '');
  else
    lines.push(
      '## Distilled text',
      '',
      '_The daemon did not answer with the distilled text (is it running?); the transcript link below opens the source at its line span._',
      '',
    );
  lines.push(`[Open the source transcript at lines ${e.lineStart}–${e.lineEnd}](${transcriptLink(e)})`, '');
  return lines.join('\n');
}

/** A file link VS Code opens at the span's first line. */
export function transcriptLink(e: Pick<EpisodeView, 'path' | 'lineStart'>): string {
  return `file://${encodeURI(e.path.replace(/\\/g, '/')).replace(/#/g, '%23')}#L${e.lineStart}`;
}
