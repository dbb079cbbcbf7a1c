/*
 * peach_text.h: a helper for plugins, not part of the ABI. It is compiled into
 * each plugin that includes it; nothing here crosses the library boundary.
 */
#ifndef PEACH_TEXT_H
#define PEACH_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Copies UTF-8 `text` into `buffer`, which holds `capacity` bytes and belongs
 * to the host (an error buffer, an option value, a char array of an info
 * struct). As much as fits is copied, cut before a character so the copy stays
 * UTF-8, and always NUL-terminated when capacity > 0.
 * Returns whether all of `text` fitted.
 * [thread-safe] Allocates nothing: usable on the audio thread.
 */
static inline bool peach_copy_text(void *buffer, size_t capacity, const char *text) {
    if (capacity == 0) return false;
    size_t length = strlen(text);
    size_t count = length < capacity - 1 ? length : capacity - 1;
    while (count > 0 && count < length && ((unsigned char)text[count] & 0xC0) == 0x80) count--;
    memcpy(buffer, text, count);
    ((char *)buffer)[count] = '\0';
    return count == length;
}

#ifdef __cplusplus
}
#endif

#endif /* PEACH_TEXT_H */
