import { setNodeGrammarSource } from '../../../src/cli/grammar-loader-node';

/** Imported for its effect: tools that parse code (symbols, syntax checks) load grammars from node_modules. */
setNodeGrammarSource();
