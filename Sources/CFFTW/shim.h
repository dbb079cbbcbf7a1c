/* FFTW 3, double precision (Debian: libfftw3-dev), for Swift: the tuner's autocorrelation. */
#include <fftw3.h>
