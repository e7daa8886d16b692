// libFuzzer's entry for programs that have their own `main` (https://llvm.org/docs/LibFuzzer.html,
// "Using libFuzzer as a library"). Defined by the runtime that `-sanitize=fuzzer` links; only the
// fuzz build of ReportFuzz calls it.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
