// Every test process gets a home of its own, so no test, no plugin loaded in
// process and no program a test starts can read or write the real user's
// settings, history or caches, and a test that leans on something an earlier
// run left behind fails here as it would on a new machine.
#define _GNU_SOURCE
#include "isolated_home.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char home[4096];
static pid_t owner;

static int remove_entry(const char *path, const struct stat *status, int type, struct FTW *walk) {
    (void)status; (void)type; (void)walk;
    return remove(path);
}

static void remove_home(void) {
    // Children started with fork inherit the atexit list; only the creator removes.
    if (home[0] != '\0' && getpid() == owner) nftw(home, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void point(const char *variable, const char *leaf) {
    char path[4096 + 32];
    snprintf(path, sizeof path, "%s/%s", home, leaf);
    if (leaf[0] != '\0') mkdir(path, 0700);
    setenv(variable, leaf[0] == '\0' ? home : path, 1);
}

// Runs before main and before Swift Testing starts any thread, so setenv is safe.
__attribute__((constructor)) static void isolate_home(void) {
    const char *tmp = getenv("TMPDIR");
    snprintf(home, sizeof home, "%s/peach-test-home-XXXXXX", tmp && tmp[0] == '/' ? tmp : "/tmp");
    if (mkdtemp(home) == NULL) {
        perror("peach tests: cannot make a home of their own");
        _exit(70);
    }
    owner = getpid();
    point("HOME", "");
    point("XDG_CONFIG_HOME", "config");
    point("XDG_DATA_HOME", "data");
    point("XDG_CACHE_HOME", "cache");
    point("XDG_STATE_HOME", "state");
    atexit(remove_home);
}

const char *peach_isolated_home(void) { return home; }
