// Half of the actions' fuzzing (fuzz.suite.ts): two files, so two workers share it.
import { fuzzActions } from './fuzz.suite';

fuzzActions(1, 2);
