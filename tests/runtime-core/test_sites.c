/* test_sites.c — ASRT_STATS: per-site counters keyed by the site's text,
 * their JSON form, and the {"sites": [...]} file asrt_core writes at exit
 * when libasrt's allocator is absent. */
#define _POSIX_C_SOURCE 200809L /* open_memstream, setenv, mkstemp */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <asrt/asrt.h>
#include "check.h"

static char *json_now(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	asrt__sites_json(f);
	fclose(f);
	return buf;
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	static char buf[1 << 16];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void test_records(void)
{
	/* Two copies of one site's text, as two translation units would have;
   * static, as sites must be: the table keeps the pointers until exit. */
	static const char site_a[] = "array.c:812";
	static const char site_b[] = "array.c:812";
	char src[10] = "123456789";
	free(asrt_memdup_at(src, 10, site_a));
	free(asrt_memdup_at(src, 10, site_b));
	free(asrt_memdup(src, 10)); /* untagged: not counted */
	/* With stats on, borrows from the hot range are counted too (asrt.h's
   * inline path must not skip them). */
	for (int i = 0; i < 3; i++)
		asrt_cow_release_at(asrt_cow_share_at("borrowed again", 15, "array.c:903"),
				    "array.c:904");
	void *p = asrt_cow_share_at("borrowed literal", 17, "array.c:900");
	p = asrt_cow_mut_at(p, 17, "array.c:901");
	asrt_cow_release_at(p, "array.c:902");
	char *g = NULL;
	for (int i = 1; i <= 100; i++)
		g = asrt_grow_at(g, (size_t)i, "churn.c:7");
	free(g);
	free(asrt_memdup_at(src, 1, "we\"ird\\site:1"));

	char *json = json_now();
	EXPECT(json != NULL);
	if (!json)
		return;
	EXPECT(json[0] == '[');
	EXPECT(strstr(json, "{\"site\":\"array.c:812\",\"kind\":\"memdup\","
			    "\"calls\":2,\"bytes_copied\":20,\"bytes_shared\":0,"
			    "\"reallocs_avoided\":0,\"reallocs\":0}") != NULL);
	EXPECT(strstr(json, "{\"site\":\"array.c:900\",\"kind\":\"share\",\"calls\":1,"
			    "\"bytes_copied\":0,\"bytes_shared\":17,") != NULL);
	EXPECT(strstr(json, "{\"site\":\"array.c:903\",\"kind\":\"share\",\"calls\":3,"
			    "\"bytes_copied\":0,\"bytes_shared\":45,") != NULL);
	EXPECT(strstr(json, "{\"site\":\"array.c:904\",\"kind\":\"release\","
			    "\"calls\":3,") != NULL);
	EXPECT(strstr(json, "{\"site\":\"array.c:901\",\"kind\":\"mut\",\"calls\":1,"
			    "\"bytes_copied\":17,") != NULL);
	EXPECT(strstr(json, "{\"site\":\"array.c:902\",\"kind\":\"release\","
			    "\"calls\":1,") != NULL);
	EXPECT(strstr(json, "\"site\":\"churn.c:7\",\"kind\":\"grow\",\"calls\":100,") != NULL);
	EXPECT(strstr(json, "\"site\":\"we\\\"ird\\\\site:1\"") != NULL);
	/* One grow from NULL, then every realloc serves several steps. */
	const char *grow = strstr(json, "\"site\":\"churn.c:7\"");
	unsigned long avoided = 0, reallocs = 0;
	EXPECT(grow && sscanf(strstr(grow, "\"reallocs_avoided\":"),
			      "\"reallocs_avoided\":%lu,\"reallocs\":%lu", &avoided,
			      &reallocs) == 2);
	EXPECT(avoided + reallocs == 100 && reallocs < 15);
	free(json);
}

static void test_exit_file(void)
{
	char path[] = "/tmp/asrt_sites_XXXXXX";
	int fd = mkstemp(path);
	EXPECT(fd >= 0);
	if (fd < 0)
		return;
	close(fd);
	pid_t pid = fork();
	if (pid == 0) {
		setenv("ASRT_STATS", path, 1);
		free(asrt_memdup_at("x", 2, "child.c:1"));
		exit(0); /* the destructor writes the file */
	}
	int status = 0;
	EXPECT(pid > 0 && waitpid(pid, &status, 0) == pid && status == 0);
	char *text = read_file(path);
	EXPECT(text && strncmp(text, "{\"sites\": [", 11) == 0);
	EXPECT(text && strstr(text, "\"site\":\"child.c:1\",\"kind\":\"memdup\"") !=
			       NULL);
	unlink(path);
}

/* Threads count in their own entries: those of exited threads, of a thread
 * still running, and of sites that found their entry taken all add up. */
enum { WORKERS = 4,
       WORKER_CALLS = 1000,
       LIVE_CALLS = 500,
       MANY = 200 };
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t live_cond = PTHREAD_COND_INITIALIZER;
static int live_counted, live_may_exit;

static void *worker(void *arg)
{
	(void)arg;
	char src[4] = "abc";
	for (int i = 0; i < WORKER_CALLS; i++)
		free(asrt_memdup_at(src, 4, "threads.c:1"));
	return NULL;
}

static void *live_worker(void *arg)
{
	(void)arg;
	char src[4] = "abc";
	for (int i = 0; i < LIVE_CALLS; i++)
		free(asrt_memdup_at(src, 4, "threads.c:1"));
	pthread_mutex_lock(&live_lock);
	live_counted = 1;
	pthread_cond_broadcast(&live_cond);
	while (!live_may_exit)
		pthread_cond_wait(&live_cond, &live_lock);
	pthread_mutex_unlock(&live_lock);
	return NULL;
}

static void test_threads_add_up(void)
{
	static char many[MANY][24]; /* sites must live until exit */
	pthread_t t[WORKERS], live;
	for (int i = 0; i < WORKERS; i++)
		EXPECT(pthread_create(&t[i], NULL, worker, NULL) == 0);
	for (int i = 0; i < WORKERS; i++)
		pthread_join(t[i], NULL);
	EXPECT(pthread_create(&live, NULL, live_worker, NULL) == 0);
	pthread_mutex_lock(&live_lock);
	while (!live_counted)
		pthread_cond_wait(&live_cond, &live_lock);
	pthread_mutex_unlock(&live_lock);
	char src[4] = "abc";
	for (int i = 0; i < 7; i++)
		free(asrt_memdup_at(src, 4, "threads.c:1"));
	/* More sites than a thread has entries: some count in the shared slots. */
	for (int i = 0; i < MANY; i++) {
		snprintf(many[i], sizeof many[i], "many.c:%d", i);
		for (int j = 0; j < 3; j++)
			free(asrt_memdup_at(src, 4, many[i]));
	}
	char *json = json_now();
	pthread_mutex_lock(&live_lock);
	live_may_exit = 1;
	pthread_cond_broadcast(&live_cond);
	pthread_mutex_unlock(&live_lock);
	pthread_join(live, NULL);
	EXPECT(json != NULL);
	if (!json)
		return;
	char want[128];
	snprintf(want, sizeof want,
		 "{\"site\":\"threads.c:1\",\"kind\":\"memdup\",\"calls\":%d,"
		 "\"bytes_copied\":%d,",
		 WORKERS * WORKER_CALLS + LIVE_CALLS + 7,
		 4 * (WORKERS * WORKER_CALLS + LIVE_CALLS + 7));
	EXPECT(strstr(json, want) != NULL);
	int all = 1;
	for (int i = 0; i < MANY; i++) {
		snprintf(want, sizeof want,
			 "{\"site\":\"many.c:%d\",\"kind\":\"memdup\",\"calls\":3,"
			 "\"bytes_copied\":12,",
			 i);
		all &= strstr(json, want) != NULL;
	}
	EXPECT(all);
	free(json);
}

int main(void)
{
	/* Before the first helper call, which caches whether stats are on. */
	setenv("ASRT_STATS", "/dev/null", 1);
	test_records();
	test_threads_add_up();
	test_exit_file();
	return check_status("runtime-core/test_sites");
}
