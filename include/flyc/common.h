/**
 * @file flyc/common.h
 * @brief Status codes, the thread-local last error, versions and export macros.
 *
 * Every fallible flyc call returns an `int`: 0 is ::FLYC_OK, a negative value is
 * one of the pinned ::flyc_status_t codes below. The message with context (which
 * file, kernel, symbol, library; LLVM's verifier text; comgr's log; a driver's own
 * error name and number) is read right after the failing call with
 * flyc_error_last(), which never returns NULL. The library never prints, exits or
 * aborts on bad input.
 *
 * Units: a `size` is always bytes, a `count` is always elements, times end in
 * `_us`/`_ms`.
 *
 * Threads: distinct objects may be used from different threads at once; one
 * object may not, unless its function says so. `const` object parameters mark
 * read-only calls that are safe to make concurrently.
 *
 * @defgroup flyc_common Common definitions
 * @{
 */
#ifndef FLYC_COMMON_H
#define FLYC_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define FLYC_API
#elif defined(__GNUC__)
#define FLYC_API __attribute__((visibility("default")))
#else
#define FLYC_API
#endif

#define FLYC_VERSION_MAJOR 0
#define FLYC_VERSION_MINOR 1
#define FLYC_VERSION_PATCH 0
#define FLYC_VERSION_STRING "0.1.0"

/**
 * Status codes. Values are pinned: never renumbered, never reused.
 */
typedef enum flyc_status {
  FLYC_OK = 0,
  /** A caller mistake: NULL where a value is required, a bad option value. */
  FLYC_EINVAL = -1,
  /** An allocation failed. */
  FLYC_ENOMEM = -2,
  /** A named thing does not exist: a file, kernel, symbol, device library. */
  FLYC_ENOTFOUND = -3,
  /** A target, processor, feature, codegen path or COV this build cannot serve. */
  FLYC_EUNSUPPORTED = -4,
  /** Input IR that does not parse or does not pass the LLVM verifier. */
  FLYC_EIR = -5,
  /** Linking failed: an incompatible library, an undefined symbol, a
   *  declaration/definition signature mismatch. */
  FLYC_ELINK = -6,
  /** Optimization, code generation, the executable link or the code object
   *  check failed. */
  FLYC_ECOMPILE = -7,
  /** Reading or writing a file failed. */
  FLYC_EIO = -8,
  /** A GPU driver library could not be loaded or lacks a symbol. */
  FLYC_ENODRIVER = -9,
  /** A GPU driver call failed; the message carries the driver's error. */
  FLYC_EDRIVER = -10,
  /** The driver loaded but there is no usable device. */
  FLYC_ENODEVICE = -11,
  /** A post-load processor has no registered name and cannot be cached. */
  FLYC_ENOTSERIALIZABLE = -12,
} flyc_status_t;

/** The last error of the calling thread. */
typedef struct flyc_error {
  /** One of ::flyc_status_t (::FLYC_OK when the thread has had no error). */
  int code;
  /** A NUL-terminated message; "" when there is none. Never NULL. At most
   *  64 KiB (a longer one is cut at a character and says how many bytes
   *  were cut), valid UTF-8, and free of control characters but newline and
   *  tab: a byte of the input that is neither (a symbol name from a binary
   *  file, an escape sequence) is shown as '?'. */
  const char *message;
} flyc_error_t;

/**
 * The last error set on the calling thread.
 *
 * Meaningful only right after a call that returned a negative status; a
 * successful call does not clear it. Never returns NULL.
 *
 * @return a borrowed pointer, valid until the next flyc call on this thread.
 */
FLYC_API const flyc_error_t *flyc_error_last(void);

/** Clears the calling thread's last error (code ::FLYC_OK, empty message). */
FLYC_API void flyc_error_clear(void);

/**
 * The name of a status code ("FLYC_ELINK"), or "FLYC_UNKNOWN" for a value that
 * is not one. A static string.
 */
FLYC_API const char *flyc_status_name(int code);

/** flyc's version; each out-pointer may be NULL. */
FLYC_API void flyc_version(int *major, int *minor, int *patch);

#ifdef __cplusplus
}
#endif

/** @} */
#endif /* FLYC_COMMON_H */
