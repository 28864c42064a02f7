/*
 * rackwise-flows: one host's side of a flow trace, run inside that host's network
 * namespace by validation/kernel/run.sh.
 *
 *   rackwise-flows <port> <ready file> <go file> <time scale> <flow list> <deadline s> <congestion control>
 *
 * Once it listens it creates <ready file>; it then waits for <go file> to hold t0 (ns,
 * CLOCK_REALTIME), written when every host is ready, and starts its flows from t0 on.
 * The flow list holds `expect <n>` (flows this host receives) and one line per flow it
 * sends: `<id> <start s, trace time> <destination IPv4> <bytes>`. Each flow is one TCP
 * connection opened at t0 + start × scale; its first 12 bytes carry the id and the size.
 *
 * Output, one line per flow and role (stdout):
 *   send <id> <start ns> <total RTOs> <RTO recoveries> <retransmitted segments> <reordering events> <min RTT us>
 *   recv <id> <end ns> <bytes>
 * start: CLOCK_REALTIME just before connect(); end: the kernel's receive timestamp
 * (SO_TIMESTAMPNS) of the last data the receiver read. RTO counts from TCP_INFO
 * (tcpi_total_rto, Linux 6.7 and later; -1 where the kernel does not give it).
 * Exit 3 when the deadline passes with flows unfinished (those are listed on stderr).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define CHUNK 65536
#define HEADER 12

struct flow {
  uint32_t id;
  double start;
  char destination[64];
  uint64_t bytes;
  int done;
};

static int port;
static int64_t t0;
static double scale;
static const char *congestion;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int received, expected, sent;

static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void line(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void line(const char *format, ...) {
  va_list args;
  va_start(args, format);
  pthread_mutex_lock(&lock);
  vprintf(format, args);
  fflush(stdout);
  pthread_mutex_unlock(&lock);
  va_end(args);
}

static void fail(const char *what) {
  fprintf(stderr, "rackwise-flows: %s: %s\n", what, strerror(errno));
  exit(2);
}

/* Fields past the end of the installed header's struct tcp_info (Linux 6.7+). */
static void rto_counts(int fd, long *rtos, long *recoveries, struct tcp_info *info) {
  unsigned char raw[512];
  socklen_t length = sizeof raw;
  memset(raw, 0, sizeof raw);
  *rtos = *recoveries = -1;
  if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, raw, &length) != 0) fail("TCP_INFO");
  memcpy(info, raw, sizeof *info < length ? sizeof *info : length);
  size_t after = offsetof(struct tcp_info, tcpi_snd_wnd) + 4; /* rcv_wnd, rehash, total_rto u16, recoveries u16 */
  if (length >= after + 12) {
    uint16_t r, k;
    memcpy(&r, raw + after + 8, 2);
    memcpy(&k, raw + after + 10, 2);
    *rtos = r;
    *recoveries = k;
  }
}

static void *receive(void *arg) {
  int fd = (int)(intptr_t)arg;
  int on = 1;
  setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on);
  char buffer[CHUNK];
  char control[256];
  unsigned char header[HEADER];
  uint64_t got = 0;
  int64_t last = 0;
  for (;;) {
    struct iovec io = {buffer, sizeof buffer};
    struct msghdr m = {0};
    m.msg_iov = &io;
    m.msg_iovlen = 1;
    m.msg_control = control;
    m.msg_controllen = sizeof control;
    ssize_t n = recvmsg(fd, &m, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    for (size_t i = 0; i < (size_t)n && got + i < HEADER; i++) header[got + i] = (unsigned char)buffer[i];
    got += (uint64_t)n;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); c != NULL; c = CMSG_NXTHDR(&m, c)) {
      if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPNS) {
        struct timespec t;
        memcpy(&t, CMSG_DATA(c), sizeof t);
        last = (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
      }
    }
    if (last == 0) last = now_ns();
  }
  close(fd);
  if (got >= HEADER) {
    uint32_t id;
    memcpy(&id, header, 4);
    line("recv %u %lld %llu\n", id, (long long)last, (unsigned long long)got);
  }
  pthread_mutex_lock(&lock);
  received++;
  pthread_cond_broadcast(&changed);
  pthread_mutex_unlock(&lock);
  return NULL;
}

static void *listener(void *arg) {
  int server = (int)(intptr_t)arg;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 256 * 1024);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  for (;;) {
    int fd = accept(server, NULL, NULL);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      fail("accept");
    }
    pthread_t t;
    if (pthread_create(&t, &attr, receive, (void *)(intptr_t)fd) != 0) fail("pthread_create");
  }
  return NULL;
}

static void *send_flow(void *arg) {
  struct flow *f = arg;
  int64_t at = t0 + (int64_t)(f->start * scale * 1e9);
  struct timespec wake = {at / 1000000000, at % 1000000000};
  while (clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &wake, NULL) == EINTR) {
  }
  struct sockaddr_in to = {0};
  to.sin_family = AF_INET;
  to.sin_port = htons((uint16_t)port);
  if (inet_pton(AF_INET, f->destination, &to.sin_addr) != 1) fail("destination address");
  int64_t start = now_ns();
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) fail("socket");
  /* Set per socket: a namespace may only choose the allowed modules by sysctl. */
  if (setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, congestion, (socklen_t)strlen(congestion)) != 0)
    fail("TCP_CONGESTION");
  /* The receiver's process may still be starting: a refused connection is tried again. */
  while (connect(fd, (struct sockaddr *)&to, sizeof to) != 0) {
    if (errno == ECONNREFUSED) {
      close(fd);
      struct timespec pause = {0, 10000000};
      nanosleep(&pause, NULL);
      fd = socket(AF_INET, SOCK_STREAM, 0);
      if (fd < 0) fail("socket");
      if (setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, congestion, (socklen_t)strlen(congestion)) != 0)
        fail("TCP_CONGESTION");
    } else if (errno != EINTR) {
      fail("connect");
    }
  }
  char buffer[CHUNK];
  memset(buffer, 0x5a, sizeof buffer);
  memcpy(buffer, &f->id, 4);
  memcpy(buffer + 4, &f->bytes, 8);
  uint64_t total = f->bytes < HEADER ? HEADER : f->bytes;
  uint64_t left = total;
  int first = 1;
  while (left > 0) {
    size_t n = left < CHUNK ? (size_t)left : CHUNK;
    ssize_t w = write(fd, buffer, n);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) fail("write");
    left -= (uint64_t)w;
    if (first) {
      memset(buffer, 0x5a, HEADER);
      first = 0;
    }
  }
  shutdown(fd, SHUT_WR);
  /* The receiver closes once it has read everything: then the counts are final. */
  char sink[256];
  while (read(fd, sink, sizeof sink) > 0) {
  }
  long rtos, recoveries;
  struct tcp_info info;
  rto_counts(fd, &rtos, &recoveries, &info);
  close(fd);
  line("send %u %lld %ld %ld %u %u %u\n", f->id, (long long)start, rtos, recoveries, info.tcpi_total_retrans,
       info.tcpi_reord_seen, info.tcpi_min_rtt);
  pthread_mutex_lock(&lock);
  f->done = 1;
  sent++;
  pthread_cond_broadcast(&changed);
  pthread_mutex_unlock(&lock);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 8) {
    fprintf(stderr,
            "usage: rackwise-flows <port> <ready file> <go file> <scale> <flow list> <deadline s> <congestion control>\n");
    return 2;
  }
  congestion = argv[7];
  port = atoi(argv[1]);
  scale = atof(argv[4]);
  double deadline = atof(argv[6]);
  FILE *list = fopen(argv[5], "r");
  if (list == NULL) fail(argv[5]);
  struct flow *flows = NULL;
  int count = 0, capacity = 0;
  char text[256];
  while (fgets(text, sizeof text, list) != NULL) {
    if (sscanf(text, "expect %d", &expected) == 1) continue;
    struct flow f = {0};
    unsigned long long bytes;
    if (sscanf(text, "%u %lf %63s %llu", &f.id, &f.start, f.destination, &bytes) != 4) continue;
    f.bytes = bytes;
    if (count == capacity) {
      capacity = capacity == 0 ? 64 : capacity * 2;
      flows = realloc(flows, (size_t)capacity * sizeof *flows);
      if (flows == NULL) fail("realloc");
    }
    flows[count++] = f;
  }
  fclose(list);

  int server = socket(AF_INET, SOCK_STREAM, 0);
  int on = 1;
  setsockopt(server, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  struct sockaddr_in any = {0};
  any.sin_family = AF_INET;
  any.sin_port = htons((uint16_t)port);
  if (bind(server, (struct sockaddr *)&any, sizeof any) != 0) fail("bind");
  if (listen(server, 4096) != 0) fail("listen");
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 256 * 1024);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_t t;
  if (pthread_create(&t, &attr, listener, (void *)(intptr_t)server) != 0) fail("pthread_create");
  FILE *ready = fopen(argv[2], "w");
  if (ready == NULL) fail(argv[2]);
  fclose(ready);
  for (int waited = 0; t0 == 0; waited++) {
    FILE *go = fopen(argv[3], "r");
    if (go != NULL) {
      long long value = 0;
      if (fscanf(go, "%lld", &value) == 1) t0 = value;
      fclose(go);
    }
    if (t0 == 0) {
      if (waited > 60000) {
        fprintf(stderr, "rackwise-flows: no go after 300 s\n");
        return 3;
      }
      struct timespec pause = {0, 5000000};
      nanosleep(&pause, NULL);
    }
  }
  for (int i = 0; i < count; i++) {
    if (pthread_create(&t, &attr, send_flow, &flows[i]) != 0) fail("pthread_create");
  }

  int64_t end = now_ns() + (int64_t)(deadline * 1e9);
  struct timespec limit = {end / 1000000000, end % 1000000000};
  pthread_mutex_lock(&lock);
  int late = 0;
  while (sent < count || received < expected) {
    if (pthread_cond_timedwait(&changed, &lock, &limit) == ETIMEDOUT) {
      late = 1;
      break;
    }
  }
  if (late) {
    fprintf(stderr, "rackwise-flows: deadline passed: %d of %d sent, %d of %d received\n", sent, count, received,
            expected);
    for (int i = 0; i < count; i++)
      if (!flows[i].done) fprintf(stderr, "  unfinished flow %u\n", flows[i].id);
  }
  pthread_mutex_unlock(&lock);
  return late ? 3 : 0;
}
