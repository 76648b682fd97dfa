/* sanitized.h -- whether this test binary is built with AddressSanitizer.
 *
 * The test command's clang stage (tools/test-fuzz.sh) runs the unit, bigmap
 * and sweep tests a second time under AddressSanitizer and
 * UndefinedBehaviorSanitizer, where a map costs five to twenty times what it
 * does in the release build. The sanitizers are there for memory errors and
 * undefined behaviour, which a sample of each sweep finds as well as the
 * whole of it (every code path is still taken); the release pass keeps every
 * seed and every failure point. So a many-seed test reads its count through
 * DG_UNDER_ASAN(release, sanitized) and says in a comment why its sample is
 * enough. gcc says "sanitized" one way, clang another. */
#ifndef DG_TEST_SANITIZED_H
#define DG_TEST_SANITIZED_H

#if defined(__SANITIZE_ADDRESS__)
#define DG_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DG_TEST_SANITIZED 1
#endif
#endif
#ifndef DG_TEST_SANITIZED
#define DG_TEST_SANITIZED 0
#endif

/* the release build's figure, or the sanitized build's */
#define DG_UNDER_ASAN(release, sanitized) (DG_TEST_SANITIZED ? (sanitized) : (release))

#endif
