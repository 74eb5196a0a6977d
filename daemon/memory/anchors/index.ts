// Anchors: the code a session mentions, tied to its definition in the repo's
// index through the lookup the daemon hands memory (protocol/anchors.ts).
export { Anchorer, anchorsOf } from './anchorer';
export { asMention, findMentions, underRoot, type Mention } from './mentions';
export { stateLabel, stateOf, type AnchorState } from './state';
export { notesAbout, notesAboutFile } from './notes';
export { bestSentence } from './sentence';
export { why, whyNow } from './why';
export { codeLine, codeOfEpisode, shownMention, type CodeMention } from './mentioned';
export { changedFiles, type ChangedFiles } from './changed';
export { aboutChanged } from './about-changed';
