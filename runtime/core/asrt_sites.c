/* asrt_sites.c — per-site counters for ASRT_STATS: a fixed lock-free table
 * keyed by (site string, kind), and its JSON form. */
#include <stdio.h>
#include <string.h>

#include "asrt.h"
#include "asrt_core_internal.h"

/* Rewritten code bases have hundreds of sites, not thousands; a full table
 * drops further sites rather than allocate inside the helpers' hot path. */
#define SITE_SLOTS 8192u
#define SITE_PROBES 64u

enum { SLOT_EMPTY, SLOT_CLAIMED, SLOT_READY };

struct site_slot {
  _Atomic int state;
  const char *site;
  enum asrt__core_kind kind;
  unsigned long hash;
  _Atomic unsigned long long calls, bytes_copied, bytes_shared,
      reallocs_avoided, reallocs;
};

static struct site_slot slots[SITE_SLOTS];

static const char *const kind_names[ASRT_KIND_COUNT] = {
    [ASRT_KIND_MEMDUP] = "memdup", [ASRT_KIND_SHARE] = "share",
    [ASRT_KIND_MUT] = "mut",       [ASRT_KIND_RELEASE] = "release",
    [ASRT_KIND_GROW] = "grow",
};

/* By content, not pointer: each translation unit has its own copy of the
 * literal "file:line", and all of them are one site. */
static unsigned long site_hash(const char *site, enum asrt__core_kind kind) {
  unsigned long h = 2166136261u ^ (unsigned long)kind;
  for (const unsigned char *s = (const unsigned char *)site; *s; s++)
    h = (h ^ *s) * 16777619u;
  return h;
}

static int slot_matches(const struct site_slot *s, const char *site,
                        enum asrt__core_kind kind, unsigned long h) {
  return s->kind == kind &&
         (s->site == site || (s->hash == h && strcmp(s->site, site) == 0));
}

static struct site_slot *slot_find(const char *site,
                                   enum asrt__core_kind kind) {
  unsigned long h = site_hash(site, kind);
  for (unsigned probe = 0; probe < SITE_PROBES; probe++) {
    struct site_slot *s = &slots[(h + probe) & (SITE_SLOTS - 1)];
    int st = atomic_load_explicit(&s->state, memory_order_acquire);
    if (st == SLOT_EMPTY) {
      int expected = SLOT_EMPTY;
      if (atomic_compare_exchange_strong_explicit(
              &s->state, &expected, SLOT_CLAIMED, memory_order_acquire,
              memory_order_acquire)) {
        s->site = site;
        s->kind = kind;
        s->hash = h;
        atomic_store_explicit(&s->state, SLOT_READY, memory_order_release);
        return s;
      }
      st = expected;
    }
    /* Another thread is filling this slot in: a few stores away. */
    while (st == SLOT_CLAIMED)
      st = atomic_load_explicit(&s->state, memory_order_acquire);
    if (slot_matches(s, site, kind, h))
      return s;
  }
  return NULL;
}

void asrt__core_site_record(const char *site, enum asrt__core_kind kind,
                            const struct asrt__core_event *ev) {
  if (!site)
    return;
  struct site_slot *s = slot_find(site, kind);
  if (!s)
    return;
  atomic_fetch_add_explicit(&s->calls, 1, memory_order_relaxed);
  if (ev->bytes_copied)
    atomic_fetch_add_explicit(&s->bytes_copied, ev->bytes_copied,
                              memory_order_relaxed);
  if (ev->bytes_shared)
    atomic_fetch_add_explicit(&s->bytes_shared, ev->bytes_shared,
                              memory_order_relaxed);
  if (ev->reallocs_avoided)
    atomic_fetch_add_explicit(&s->reallocs_avoided, ev->reallocs_avoided,
                              memory_order_relaxed);
  if (ev->reallocs)
    atomic_fetch_add_explicit(&s->reallocs, ev->reallocs,
                              memory_order_relaxed);
}

static void json_string(FILE *out, const char *s) {
  fputc('"', out);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c < 0x20)
      fprintf(out, "\\u%04x", c);
    else
      fputc(c, out);
  }
  fputc('"', out);
}

static unsigned long long load(_Atomic unsigned long long *v) {
  return atomic_load_explicit(v, memory_order_relaxed);
}

void asrt__sites_json(FILE *out) {
  const char *sep = "";
  fputc('[', out);
  for (unsigned i = 0; i < SITE_SLOTS; i++) {
    struct site_slot *s = &slots[i];
    if (atomic_load_explicit(&s->state, memory_order_acquire) != SLOT_READY)
      continue;
    fprintf(out, "%s\n  {\"site\":", sep);
    json_string(out, s->site);
    fprintf(out,
            ",\"kind\":\"%s\",\"calls\":%llu,\"bytes_copied\":%llu,"
            "\"bytes_shared\":%llu,\"reallocs_avoided\":%llu,"
            "\"reallocs\":%llu}",
            kind_names[s->kind], load(&s->calls), load(&s->bytes_copied),
            load(&s->bytes_shared), load(&s->reallocs_avoided),
            load(&s->reallocs));
    sep = ",";
  }
  fputs(*sep ? "\n]" : "]", out);
}
