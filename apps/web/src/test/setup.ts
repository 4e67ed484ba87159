import { configure } from '@testing-library/dom'; // @testing-library/react's peer: the same instance it waits with

// Testing Library's waits (findBy…, waitFor) give up after 1 s by default; with one worker per
// core and a busy machine, a lazily loaded component (markdown, a modal) can take longer to
// appear. 5 s is still well inside the test timeout, so a missing element fails quickly enough.
configure({ asyncUtilTimeout: 5_000 });
