/* libsndfile (Debian: libsndfile1-dev) for Swift: WAV, FLAC and the other formats it reads and writes. */
#include <sndfile.h>
