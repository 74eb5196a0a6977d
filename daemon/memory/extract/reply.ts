// From a model's text to a validated Extraction. Models wrap JSON in code
// fences or a sentence often enough that the outermost object is taken; what
// is inside is then checked strictly.
import { EmptyReplyError, MalformedReplyError, ReplySchemaError } from './errors';
import { describeIssues, ExtractionSchema, type Extraction } from './schema';

export function parseReply(provider: string, text: string | undefined | null): Extraction {
  const trimmed = (text ?? '').trim();
  if (trimmed.length === 0) throw new EmptyReplyError(provider);
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  if (start < 0 || end < start) throw new MalformedReplyError(provider, `no JSON object in ${JSON.stringify(trimmed.slice(0, 80))}`);
  let raw: unknown;
  try {
    raw = JSON.parse(trimmed.slice(start, end + 1));
  } catch (err) {
    throw new MalformedReplyError(provider, (err as Error).message);
  }
  const parsed = ExtractionSchema.safeParse(raw);
  if (!parsed.success) throw new ReplySchemaError(provider, describeIssues(parsed.error));
  return parsed.data;
}
