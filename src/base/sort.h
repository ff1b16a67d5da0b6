// Sorting without libc's qsort, for per-step engine code: qsort calls back per comparison
// and may take its merge buffer from the heap for larger arrays. SN_DEFINE_SORT defines a
// stable sort specialised to one element type and comparison, working in a caller
// buffer (from the mjData stack).
#ifndef SINEW_BASE_SORT_H_
#define SINEW_BASE_SORT_H_

// static void name(T* a, T* tmp, int n): sorts a[0..n) by LESS(const T*, const T*) (a
// strict order), stably: insertion sort of runs of 8, then bottom-up merges through tmp
// (n items).
#define SN_DEFINE_SORT(name, T, LESS)                                   \
  static void name(T* a, T* tmp, int n) {                              \
    for (int lo = 0; lo < n; lo += 8) {                                \
      int hi = lo + 8 < n ? lo + 8 : n;                                \
      for (int i = lo + 1; i < hi; i++) {                              \
        T x = a[i];                                                    \
        int j = i;                                                     \
        for (; j > lo && LESS((&x), (a + j - 1)); j--) {               \
          a[j] = a[j - 1];                                             \
        }                                                              \
        a[j] = x;                                                      \
      }                                                                \
    }                                                                  \
    T* src = a;                                                        \
    T* dst = tmp;                                                      \
    for (int w = 8; w < n; w *= 2) {                                   \
      for (int lo = 0; lo < n; lo += 2 * w) {                          \
        int mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n; \
        int i = lo, j = mid, k = lo;                                   \
        while (i < mid && j < hi) {                                    \
          dst[k++] = LESS((src + j), (src + i)) ? src[j++] : src[i++]; \
        }                                                              \
        while (i < mid) {                                              \
          dst[k++] = src[i++];                                         \
        }                                                              \
        while (j < hi) {                                               \
          dst[k++] = src[j++];                                         \
        }                                                              \
      }                                                                \
      T* t = src;                                                      \
      src = dst;                                                       \
      dst = t;                                                         \
    }                                                                  \
    if (src != a) {                                                    \
      for (int i = 0; i < n; i++) {                                    \
        a[i] = src[i];                                                 \
      }                                                                \
    }                                                                  \
  }

#endif  // SINEW_BASE_SORT_H_
