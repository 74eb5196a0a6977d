// Offline reading of English prose for memory: sentences and their tagged
// tokens (model.ts, wink-nlp loaded lazily, once), prose apart from tool
// traffic (prose.ts, commands.ts, agent-tools.ts), the names a sentence
// mentions (names.ts, cues.ts, mentions.ts) and the facts it states (facts.ts).
export { isAgentTool, toolNamesUsed } from './agent-tools';
export { namesInCommands, type CommandNames } from './commands';
export { factsIn, type SentenceFact } from './facts';
export { capitalizedMidSentence, lowercaseWords, mentionsIn, type Mention, type MentionContext } from './mentions';
export { sentencesOf, spanText, type Sentence, type Token } from './model';
export { proseOf, type EpisodeProse, type ProseUnit } from './prose';
export { conclusion } from './conclusions';
