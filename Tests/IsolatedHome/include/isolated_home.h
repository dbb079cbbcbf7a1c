#ifndef PEACH_ISOLATED_HOME_H
#define PEACH_ISOLATED_HOME_H

/// The folder that stands in for the home of whoever runs the tests: made empty
/// when the test process starts, before any test or plugin reads the
/// environment, and removed when it exits. HOME and the XDG folders point into it.
const char *peach_isolated_home(void);

#endif
