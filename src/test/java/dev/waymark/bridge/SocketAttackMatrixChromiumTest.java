package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bridge.RawSocket.HttpAnswer;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The socket attack matrix (issue #18 part 7): each case attacks the bridge with raw clients on 127.0.0.1 while the
 * real extension is paired to it, asserts the server's answer (the HTTP status or close code, and its counter),
 * and then proves the extension still works: an observe and a click on {@code pages/bridge/clicks.html}, seen in
 * the page's own count. {@code -Dattacks.scale=N} (the {@code attacks} profile) multiplies floods and repetitions.
 * The figures are printed at the end.
 */
@RealBrowser
class SocketAttackMatrixChromiumTest {
  static final int SCALE = Math.max(1, Integer.getInteger("attacks.scale", 1));
  static final int MAX_MESSAGE = 1024 * 1024;
  static final Duration PAIR_TIMEOUT = Duration.ofSeconds(2);
  static final Duration UPGRADE_TIMEOUT = Duration.ofSeconds(2);
  static final SocketLimits LIMITS = SocketLimits.defaults().withUpgradeTimeout(UPGRADE_TIMEOUT)
      .withProofDelays(Duration.ofMillis(40), Duration.ofMillis(320));
  static final String ORIGIN = ExtensionId.origin(ExtensionId.WAYMARK);
  static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create(c -> c.withPairTimeout(PAIR_TIMEOUT)
      .withMaxMessageBytes(MAX_MESSAGE).withLimits(LIMITS));

  static int port;
  static PairingSecret secret;
  static String realClient;
  static long realConnection;
  static int clicks;
  static int threadsBefore;
  static long bridgeThreadsBefore;
  static final Map<String, Integer> casesByFamily = new LinkedHashMap<>();
  static final Map<String, Integer> refusedByFamily = new LinkedHashMap<>();
  static final Map<String, List<Long>> roundTrips = new LinkedHashMap<>();
  static int casesRun;

  @BeforeAll
  static void pairedAndOnThePage() throws Exception {
    port = browser.client().port();
    secret = PairingSecret.fromCode(browser.client().pairingCode());
    realClient = browser.clientInfo().clientId();
    realConnection = browser.clientInfo().connection();
    // requests go to the real extension even while a test client with the secret is paired beside it
    browser.client().useClient(realClient);
    browser.open(browser.pageUrl("bridge/clicks.html"));
    for (String phase : List.of("before", "during floods", "after")) {
      roundTrips.put(phase, new ArrayList<>());
    }
    for (int i = 0; i < 5; i++) {
      observeRoundTrip("before");
    }
    threadsBefore = Thread.activeCount();
    bridgeThreadsBefore = bridgeThreads();
  }

  /** The server's own threads: its selector, decoder, timer and dispatcher. */
  static long bridgeThreads() {
    return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
        .filter(n -> n.startsWith("WebSocketSelector") || n.startsWith("WebSocketWorker") || n.startsWith("waymark-bridge"))
        .count();
  }

  @AfterAll
  static void figures() throws Exception {
    for (int i = 0; i < 5; i++) {
      observeRoundTrip("after");
    }
    BridgeServer server = browser.client().server();
    await().alias("no unpaired connection left").atMost(Duration.ofSeconds(10)).until(() -> server.unpairedConnections() == 0);
    // the test's own clients end their threads when they close; the bridge starts none per connection
    await().alias("threads back to where they were").atMost(Duration.ofSeconds(20))
        .until(() -> Thread.activeCount() <= threadsBefore + 2);
    int threadsAfter = Thread.activeCount();
    BridgeStats st = server.stats();
    StringBuilder out = new StringBuilder("\n== Socket attack matrix (scale " + SCALE + ") ==\n");
    casesByFamily.forEach((f, n) -> out.append(String.format("  %-22s %3d cases, %3d refused as expected%n", f, n,
        refusedByFamily.getOrDefault(f, 0))));
    out.append(String.format("  cases %d, refused as expected %d, the extension observed and clicked after every one (%d clicks)%n",
        casesRun, refusedByFamily.values().stream().mapToInt(Integer::intValue).sum(), clicks));
    out.append("  server's counted refusals: ").append(st).append('\n');
    out.append(String.format("  most connections waiting to pair at once %d (bound %d)%n", server.unpairedPeak(), LIMITS.maxUnpaired()));
    out.append(String.format("  the bridge's threads before %d, after %d; the JVM's %d, %d; the extension's connection %s%n",
        bridgeThreadsBefore, bridgeThreads(), threadsBefore, threadsAfter,
        browser.clientInfo().connection() == realConnection ? "never dropped" : "was replaced"));
    roundTrips.forEach((phase, ms) -> out.append(String.format("  observe round trip %-14s median %5.1f ms, max %5.1f ms (%d)%n",
        phase, median(ms) / 1e6, ms.stream().mapToLong(Long::longValue).max().orElse(0) / 1e6, ms.size())));
    System.out.print(out);
    assertThat(bridgeThreads()).as("the bridge's threads").isEqualTo(bridgeThreadsBefore);
    // the test's own pools (CompletableFuture's common pool) may keep a worker or two
    assertThat(threadsAfter).isLessThanOrEqualTo(threadsBefore + 2);
    assertThat(browser.clientInfo().connection()).as("the real extension kept its connection").isEqualTo(realConnection);
  }

  static double median(List<Long> values) {
    if (values.isEmpty()) return 0;
    long[] v = values.stream().mapToLong(Long::longValue).sorted().toArray();
    return v[v.length / 2];
  }

  static long observeRoundTrip(String phase) throws Exception {
    long t = System.nanoTime();
    ObserveResult r = browser.client().observe(ObserveOptions.defaults()).get(15, TimeUnit.SECONDS);
    long took = System.nanoTime() - t;
    assertThat(r.ok()).as(String.valueOf(r.error())).isTrue();
    assertThat(r.observation().path("url").asText()).endsWith("bridge/clicks.html");
    synchronized (roundTrips) {
      roundTrips.get(phase).add(took);
    }
    return took;
  }

  /** The real extension works: an observe, then a click the page counts. */
  static void extensionWorks(String phase) throws Exception {
    observeRoundTrip(phase);
    ObjectNode step = JSON.createObjectNode();
    String id = "attack-click-" + (clicks + 1);
    step.put("id", id);
    step.put("type", "click");
    step.putObject("selector").put("css", "#count");
    PerformResult r = browser.client().perform(id, step, Map.of(), 10_000).get(15, TimeUnit.SECONDS);
    assertThat(r.ok()).as(String.valueOf(r.error())).isTrue();
    clicks++;
    assertThat(browser.eval("window.clicks").asInt()).as("clicks the page counted").isEqualTo(clicks);
  }

  // ---- the matrix -------------------------------------------------------------------------------------------

  interface Attack {
    void run() throws Exception;
  }

  /** One case: its family, a readable name, whether its point is a refusal, and the attack with its assertions. */
  record Case(String family, String name, boolean refusal, Attack attack) {
  }

  @TestFactory
  Stream<DynamicNode> socketAttackMatrix() {
    List<Case> cases = new ArrayList<>();
    cases.addAll(upgradeHeaders());
    cases.addAll(pairing());
    cases.addAll(rateOfPairingAttempts());
    cases.addAll(takeover());
    cases.addAll(frames());
    cases.addAll(floods());
    cases.addAll(slowloris());
    assertThat(cases).hasSizeGreaterThanOrEqualTo(50);
    Map<String, List<DynamicTest>> byFamily = new LinkedHashMap<>();
    for (Case c : cases) {
      byFamily.computeIfAbsent(c.family(), f -> new ArrayList<>()).add(DynamicTest.dynamicTest(c.name(), () -> {
        c.attack().run();
        synchronized (casesByFamily) {
          casesRun++;
          casesByFamily.merge(c.family(), 1, Integer::sum);
          if (c.refusal()) refusedByFamily.merge(c.family(), 1, Integer::sum);
        }
        extensionWorks(c.family().equals("floods") || c.family().equals("slowloris") ? "during floods" : "before");
      }));
    }
    return byFamily.entrySet().stream().map(e -> DynamicContainer.dynamicContainer(e.getKey(), e.getValue().stream()));
  }

  static BridgeStats stats() {
    return browser.client().server().stats();
  }

  /** Runs {@code attack} and asserts that the counter grew by exactly {@code by} (counters settle before the answer). */
  static void counts(ToLongFunction<BridgeStats> counter, long by, Attack attack) throws Exception {
    long before = counter.applyAsLong(stats());
    attack.run();
    await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(counter.applyAsLong(stats()) - before).isEqualTo(by));
  }

  static Case upgradeRefused(String name, int status, ToLongFunction<BridgeStats> counter, java.util.function.Supplier<byte[]> request) {
    return new Case("upgrade headers", name + " → " + status, true, () -> counts(counter, 1, () -> {
      HttpAnswer a = RawSocket.ask(port, request.get());
      assertThat(a.status()).as(a.head()).isEqualTo(status);
      assertThat(a.closed()).as("the server closed the refused socket").isTrue();
    }));
  }

  static byte[] upgradeWith(String header, String value) {
    return RawSocket.head(RawSocket.with(RawSocket.goodUpgrade(port), header, value));
  }

  static byte[] upgradeLine(String requestLine) {
    List<String> l = RawSocket.goodUpgrade(port);
    l.set(0, requestLine);
    return RawSocket.head(l);
  }

  static byte[] upgradeWithLines(String... extra) {
    List<String> l = RawSocket.goodUpgrade(port);
    l.addAll(Arrays.asList(extra));
    return RawSocket.head(l);
  }

  List<Case> upgradeHeaders() {
    ToLongFunction<BridgeStats> origin = BridgeStats::refusedOrigin;
    ToLongFunction<BridgeStats> host = BridgeStats::refusedHost;
    ToLongFunction<BridgeStats> upgrade = BridgeStats::refusedUpgrade;
    ToLongFunction<BridgeStats> large = BridgeStats::refusedTooLarge;
    List<Case> c = new ArrayList<>();
    c.add(new Case("upgrade headers", "our Origin and a loopback Host → 101 and a challenge (the control)", false, () -> {
      try (RawSocket s = new RawSocket(port)) {
        assertThat(s.upgradeAndChallenge(port)).hasSizeGreaterThan(20);
      }
    }));
    c.add(upgradeRefused("no Origin", 403, origin, () -> upgradeWith("Origin", null)));
    c.add(upgradeRefused("a web page's Origin", 403, origin, () -> upgradeWith("Origin", "https://evil.example")));
    c.add(upgradeRefused("another extension's Origin", 403, origin, () -> upgradeWith("Origin", "chrome-extension://" + "b".repeat(32))));
    c.add(upgradeRefused("Origin null", 403, origin, () -> upgradeWith("Origin", "null")));
    c.add(upgradeRefused("our Origin with a suffix", 403, origin, () -> upgradeWith("Origin", ORIGIN + ".evil.example")));
    c.add(upgradeRefused("our Origin in upper case", 403, origin, () -> upgradeWith("Origin", ORIGIN.toUpperCase())));
    c.add(upgradeRefused("a foreign Host (DNS rebinding)", 403, host, () -> upgradeWith("Host", "evil.example:" + port)));
    c.add(upgradeRefused("a Host with another port", 403, host, () -> upgradeWith("Host", "127.0.0.1:" + (port + 1))));
    c.add(upgradeRefused("a Host port trick 127.0.0.1:port@evil.example", 403, host, () -> upgradeWith("Host", "127.0.0.1:" + port + "@evil.example")));
    c.add(upgradeRefused("a Host 127.0.0.1:port.evil.example", 403, host, () -> upgradeWith("Host", "127.0.0.1:" + port + ".evil.example")));
    c.add(upgradeRefused("no Host", 403, host, () -> upgradeWith("Host", null)));
    c.add(upgradeRefused("no Sec-WebSocket-Key", 400, upgrade, () -> upgradeWith("Sec-WebSocket-Key", null)));
    c.add(upgradeRefused("a Sec-WebSocket-Key of 4 bytes", 400, upgrade, () -> upgradeWith("Sec-WebSocket-Key", "c2hvcnQ=")));
    c.add(upgradeRefused("a Sec-WebSocket-Key that is not base64", 400, upgrade, () -> upgradeWith("Sec-WebSocket-Key", "!!!!!!!!!!!!!!!!!!!!!!==")));
    c.add(upgradeRefused("Sec-WebSocket-Version 8", 426, upgrade, () -> upgradeWith("Sec-WebSocket-Version", "8")));
    c.add(upgradeRefused("HTTP/1.0", 505, upgrade, () -> upgradeLine("GET / HTTP/1.0")));
    c.add(upgradeRefused("POST instead of GET", 405, upgrade, () -> upgradeLine("POST / HTTP/1.1")));
    c.add(upgradeRefused("a path other than /", 404, upgrade, () -> upgradeLine("GET /admin HTTP/1.1")));
    c.add(upgradeRefused("a query on the path", 404, upgrade, () -> upgradeLine("GET /?token=x HTTP/1.1")));
    c.add(upgradeRefused("no Upgrade: websocket", 400, upgrade, () -> upgradeWith("Upgrade", null)));
    c.add(upgradeRefused("a header line of 20 KB", 431, large, () -> upgradeWithLines("X-Long: " + "a".repeat(20_000))));
    c.add(upgradeRefused("200 header lines", 431, large, () -> upgradeWithLines(java.util.Collections.nCopies(200, "X-H: 1").toArray(String[]::new))));
    c.add(upgradeRefused("a bare LF injecting a second Origin", 400, upgrade, () -> upgradeWithLines("X-A: 1\nOrigin: " + ORIGIN)));
    c.add(upgradeRefused("a bare CR injecting a header", 400, upgrade, () -> upgradeWithLines("X-A: 1\rX-B: 2")));
    c.add(upgradeRefused("two Origins, ours second", 400, upgrade, () -> {
      List<String> l = RawSocket.with(RawSocket.goodUpgrade(port), "Origin", "https://evil.example");
      l.add("Origin: " + ORIGIN);
      return RawSocket.head(l);
    }));
    c.add(upgradeRefused("a folded header line", 400, upgrade, () -> upgradeWithLines("X-A: 1", " continued")));
    c.add(upgradeRefused("NUL bytes in a header", 400, upgrade, () -> upgradeWithLines("X-A: a\u0000b")));
    c.add(upgradeRefused("a TLS ClientHello on the plain port", 400, upgrade, () -> {
      byte[] hello = {0x16, 0x03, 0x01, 0x00, (byte) 0xa5, 0x01, 0x00, 0x00, (byte) 0xa1, 0x03, 0x03, '\r', '\n', '\r', '\n'};
      return hello;
    }));
    return c;
  }

  // ---- pairing -----------------------------------------------------------------------------------------------

  static final ToLongFunction<BridgeStats> PROOF = BridgeStats::refusedProof;
  static final ToLongFunction<BridgeStats> BAD = BridgeStats::badMessages;

  /** Opens a plain client with our Origin, reads the challenge, sends {@code hello(serverNonce)}, returns the close code. */
  static int helloAnswer(java.util.function.Function<String, String> hello) throws Exception {
    FakeExtension c = FakeExtension.withOrigin(port);
    try {
      assertThat(c.open()).isTrue();
      String serverNonce = c.next("challenge").path("nonce").asText();
      c.send(hello.apply(serverNonce));
      return c.awaitClose();
    } finally {
      c.close();
    }
  }

  static Case pairingRefused(String name, int code, ToLongFunction<BridgeStats> counter, java.util.function.Function<String, String> hello) {
    return new Case("pairing", name + " → " + code, true, () -> counts(counter, 1,
        () -> assertThat(helloAnswer(hello)).isEqualTo(code)));
  }

  static String helloWithProof(Object proof) {
    ObjectNode h = (ObjectNode) readJson(FakeExtension.hello(realClient, "attack-nonce-0123456789", null));
    h.set("proof", JSON.valueToTree(proof));
    return h.toString();
  }

  static com.fasterxml.jackson.databind.JsonNode readJson(String s) {
    try {
      return JSON.readTree(s);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  List<Case> pairing() {
    String n = "attack-nonce-0123456789";
    List<Case> c = new ArrayList<>();
    c.add(pairingRefused("hello without a proof", 4401, PROOF, s -> FakeExtension.hello("attacker", n, null)));
    c.add(pairingRefused("a proof made with another secret", 4401, PROOF,
        s -> FakeExtension.hello("attacker", n, PairingSecret.generate().extensionProof(s, n))));
    c.add(pairingRefused("a right proof for an earlier challenge", 4401, PROOF,
        s -> FakeExtension.hello("attacker", n, secret.extensionProof("an-earlier-server-nonce-0000", n))));
    c.add(new Case("pairing", "a proof captured on one connection, replayed on another → 4401; the first still pairs", true, () -> {
      FakeExtension first = FakeExtension.withOrigin(port);
      try {
        assertThat(first.open()).isTrue();
        String s1 = first.next("challenge").path("nonce").asText();
        String captured = secret.extensionProof(s1, n);
        counts(PROOF, 1, () -> assertThat(helloAnswer(s2 -> FakeExtension.hello("attacker", n, captured))).isEqualTo(4401));
        first.send(FakeExtension.hello("replay-owner", n, captured));
        assertThat(first.next("welcome").path("proof").asText()).isEqualTo(secret.studioProof(n, s1));
      } finally {
        first.closeBlocking();
      }
    }));
    c.add(pairingRefused("the right proof with the client nonce changed", 4401, PROOF,
        s -> FakeExtension.hello("attacker", n + "x", secret.extensionProof(s, n))));
    c.add(pairingRefused("the right proof in upper case", 4401, PROOF,
        s -> FakeExtension.hello("attacker", n, secret.extensionProof(s, n).toUpperCase())));
    c.add(pairingRefused("a proof one hex digit short", 4401, PROOF,
        s -> FakeExtension.hello("attacker", n, secret.extensionProof(s, n).substring(1))));
    c.add(pairingRefused("a proof with one digit more", 4401, PROOF,
        s -> FakeExtension.hello("attacker", n, secret.extensionProof(s, n) + "0")));
    c.add(pairingRefused("a proof that is not hex", 4401, PROOF, s -> FakeExtension.hello("attacker", n, "z".repeat(64))));
    c.add(pairingRefused("an empty proof", 4401, PROOF, s -> FakeExtension.hello("attacker", n, "")));
    c.add(pairingRefused("a proof that is a number", 4401, PROOF, s -> helloWithProof(12345)));
    c.add(pairingRefused("a proof that is an object", 4401, PROOF, s -> helloWithProof(Map.of("proof", "x"))));
    c.add(pairingRefused("protocol 2", 4400, BAD, s -> FakeExtension.hello("attacker", n, null).replace("\"protocol\":1", "\"protocol\":2")));
    c.add(pairingRefused("a client_id with spaces", 4400, BAD, s -> FakeExtension.hello("not an id", n, secret.extensionProof(s, n))));
    c.add(pairingRefused("a client nonce of 3 characters", 4400, BAD, s -> FakeExtension.hello("attacker", "abc", secret.extensionProof(s, "abc"))));
    c.add(pairingRefused("a reply before hello", 4401, BridgeStats::refusedBeforePairing, s -> "{\"type\":\"observation\",\"id\":\"r1\",\"ok\":true}"));
    c.add(pairingRefused("not JSON", 4400, BAD, s -> "hello?"));
    c.add(pairingRefused("a JSON array", 4400, BAD, s -> "[\"hello\"]"));
    c.add(new Case("pairing", "timing probe: proofs right in 0 and in 63 of 64 digits are both refused by one constant-time compare", true, () -> {
      // MessageDigest.isEqual compares every byte; measuring it through the socket would be a flaky test, so the
      // probe asserts the refusals and prints the medians of the compare itself
      String s = "probe-server-nonce-0123456789";
      String right = secret.extensionProof(s, n);
      String far = (right.charAt(0) == 'a' ? "b" : "a") + right.substring(1);
      String near = right.substring(0, 63) + (right.charAt(63) == 'a' ? "b" : "a");
      long[] t = new long[2];
      int reps = 2000 * SCALE;
      for (int round = 0; round < 2; round++) {
        String wrong = round == 0 ? far : near;
        long[] each = new long[reps];
        for (int i = 0; i < reps; i++) {
          long t0 = System.nanoTime();
          assertThat(secret.verifyExtensionProof(s, n, wrong)).isFalse();
          each[i] = System.nanoTime() - t0;
        }
        Arrays.sort(each);
        t[round] = each[reps / 2];
      }
      System.out.printf("  timing probe: wrong in the first digit %d ns, in the last %d ns (median of %d)%n", t[0], t[1], reps);
      counts(PROOF, 2, () -> {
        assertThat(helloAnswer(sn -> FakeExtension.hello("attacker", n, far))).isEqualTo(4401);
        assertThat(helloAnswer(sn -> FakeExtension.hello("attacker", n, near))).isEqualTo(4401);
      });
    }));
    return c;
  }

  // ---- rate of pairing attempts -------------------------------------------------------------------------------

  List<Case> rateOfPairingAttempts() {
    ProofThrottle plan = new ProofThrottle(LIMITS.proofDelay(), LIMITS.maxProofDelay());
    String n = "attack-nonce-0123456789";
    List<Case> c = new ArrayList<>();
    c.add(new Case("rate of pairing", "a right proof ends a run of wrong ones: the next wrong one is answered at once", false, () -> {
      try (RawSocket s = new RawSocket(port)) {
        s.pair(port, secret, "rate-reset");
      }
      counts(BridgeStats::delayedProofs, 0, () -> assertThat(helloAnswer(s -> FakeExtension.hello("attacker", n, "00"))).isEqualTo(4401));
    }));
    int inARow = 6 * SCALE;
    c.add(new Case("rate of pairing", inARow + " wrong proofs in a row, one connection each: each answered later, up to "
        + LIMITS.maxProofDelay().toMillis() + " ms", true, () -> counts(BridgeStats::delayedProofs, inARow, () -> {
          for (int i = 2; i <= inARow + 1; i++) {
            long[] sent = new long[1];
            int code = helloAnswer(s -> {
              sent[0] = System.nanoTime();
              return FakeExtension.hello("attacker", n, "00");
            });
            long waited = (System.nanoTime() - sent[0]) / 1_000_000;
            assertThat(code).isEqualTo(4401);
            // a lower bound the server enforces: never a race
            assertThat(waited).as("attempt %d in a row answered after", i).isGreaterThanOrEqualTo(plan.delayFor(i));
          }
        })));
    int atOnce = 24;
    c.add(new Case("rate of pairing", atOnce + " wrong proofs at once from " + atOnce + " connections: all refused late, the extension served meanwhile", true, () -> {
      long delayed = stats().delayedProofs();
      List<FakeExtension> all = new ArrayList<>();
      try {
        for (int i = 0; i < atOnce; i++) {
          FakeExtension f = FakeExtension.withOrigin(port);
          assertThat(f.open()).isTrue();
          all.add(f);
        }
        for (FakeExtension f : all) {
          f.next("challenge");
          f.send(FakeExtension.hello("attacker", n, "00"));
        }
        extensionWorks("during floods");
        for (FakeExtension f : all) {
          assertThat(f.awaitClose()).isEqualTo(4401);
        }
      } finally {
        for (FakeExtension f : all) f.close();
      }
      assertThat(stats().delayedProofs() - delayed).isEqualTo(atOnce);
    }));
    c.add(new Case("rate of pairing", "a right proof in the middle of a run pairs at once (it is never delayed)", false, () -> {
      counts(BridgeStats::delayedProofs, 0, () -> {
        try (RawSocket s = new RawSocket(port)) {
          s.pair(port, secret, "rate-right");
        }
      });
    }));
    return c;
  }

  // ---- a second extension trying to take over -----------------------------------------------------------------

  static void realStillCurrent() {
    await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(browser.client().server().clients())
        .extracting(ClientInfo::clientId).containsExactly(realClient));
    assertThat(browser.clientInfo().connection()).isEqualTo(realConnection);
  }

  List<Case> takeover() {
    String n = "takeover-nonce-0123456789";
    List<Case> c = new ArrayList<>();
    c.add(new Case("takeover", "the real extension's client_id without a proof → 4401, the real one stays", true, () -> {
      counts(PROOF, 1, () -> assertThat(helloAnswer(s -> FakeExtension.hello(realClient, n, null))).isEqualTo(4401));
      realStillCurrent();
    }));
    c.add(new Case("takeover", "the real extension's client_id with a forged proof → 4401, the real one stays", true, () -> {
      counts(PROOF, 1, () -> assertThat(helloAnswer(s -> FakeExtension.hello(realClient, n, "f".repeat(64)))).isEqualTo(4401));
      realStillCurrent();
    }));
    c.add(new Case("takeover", "the real extension's client_id with a proof replayed from an earlier challenge → 4401", true, () -> {
      counts(PROOF, 1, () -> assertThat(helloAnswer(s -> FakeExtension.hello(realClient, n, secret.extensionProof("earlier-0123456789", n)))).isEqualTo(4401));
      realStillCurrent();
    }));
    c.add(new Case("takeover", "an unpaired connection answers the real extension's request ids → 4401", true, () -> {
      counts(BridgeStats::refusedBeforePairing, 1, () -> assertThat(helloAnswer(s -> "{\"type\":\"observation\",\"id\":\"r1\",\"ok\":true,\"observation\":{}}")).isEqualTo(4401));
    }));
    c.add(new Case("takeover", "a paired client of its own id answers the real extension's request ids: its replies reach no one", false, () -> {
      try (RawSocket s = new RawSocket(port)) {
        s.pair(port, secret, "impostor");
        CompletableFuture<ObserveResult> real = browser.client().observe(ObserveOptions.defaults());
        for (int i = 1; i < 400; i++) {
          s.sendText("{\"type\":\"observation\",\"id\":\"r" + i + "\",\"ok\":true,\"observation\":{\"url\":\"https://evil.example/\",\"title\":\"forged\"}}");
        }
        ObserveResult r = real.get(15, TimeUnit.SECONDS);
        assertThat(r.observation().path("url").asText()).endsWith("bridge/clicks.html");
      }
      realStillCurrent();
    }));
    c.add(new Case("takeover", "a second hello on a paired connection → 4400", true, () -> counts(BAD, 1, () -> {
      try (RawSocket s = new RawSocket(port)) {
        s.pair(port, secret, "twice");
        s.sendText(FakeExtension.hello(realClient, n, "00"));
        assertThat(s.awaitClose()).isEqualTo(4400);
      }
      realStillCurrent();
    })));
    c.add(new Case("takeover", "with the secret, a newer connection of the same client id replaces the older (4409), as designed", false, () -> {
      try (RawSocket older = new RawSocket(port); RawSocket newer = new RawSocket(port)) {
        older.pair(port, secret, "secret-holder");
        newer.pair(port, secret, "secret-holder");
        assertThat(older.awaitClose()).isEqualTo(4409);
      }
      realStillCurrent();
    }));
    for (String verb : List.of("perform", "observe", "challenge", "welcome", "eval")) {
      c.add(new Case("takeover", "the studio's verb '" + verb + "' sent by a paired client → 4400", true, () -> counts(BAD, 1, () -> {
        try (RawSocket s = new RawSocket(port)) {
          s.pair(port, secret, "verbs");
          s.sendText("{\"type\":\"" + verb + "\",\"id\":\"x1\",\"step\":{\"type\":\"click\"}}");
          assertThat(s.awaitClose()).isEqualTo(4400);
        }
      })));
    }
    c.add(new Case("takeover", "the studio's verb 'perform' before pairing → 4400", true, () -> counts(BAD, 1,
        () -> assertThat(helloAnswer(s -> "{\"type\":\"perform\",\"id\":\"x1\"}")).isEqualTo(4400))));
    return c;
  }

  // ---- frames -------------------------------------------------------------------------------------------------

  /** Upgrades (and pairs, when asked) a raw socket, runs the frames, returns the close code. */
  static int frames(boolean pair, FrameWriter w) throws Exception {
    try (RawSocket s = new RawSocket(port)) {
      if (pair) {
        s.pair(port, secret, "frames");
      } else {
        s.upgradeAndChallenge(port);
      }
      try {
        w.write(s);
      } catch (java.io.IOException closedWhileWriting) {
        // the server may close before a big frame is written out; its close code is then lost (1006)
      }
      return s.awaitClose();
    }
  }

  interface FrameWriter {
    void write(RawSocket s) throws Exception;
  }

  static Case frameRefused(String name, int code, ToLongFunction<BridgeStats> counter, boolean pair, FrameWriter w) {
    return new Case("frames", name + " → " + code, true, () -> {
      long before = counter == null ? 0 : counter.applyAsLong(stats());
      int got = frames(pair, w);
      if (code == 1009) {
        assertThat(got).isIn(1009, 1006);
      } else {
        assertThat(got).isEqualTo(code);
      }
      if (counter != null) {
        await().atMost(Duration.ofSeconds(5)).until(() -> counter.applyAsLong(stats()) > before);
      }
      realStillCurrent();
    });
  }

  static byte[] text(int bytes) {
    byte[] b = new byte[bytes];
    Arrays.fill(b, (byte) 'x');
    return b;
  }

  List<Case> frames() {
    ToLongFunction<BridgeStats> big = BridgeStats::oversized;
    List<Case> c = new ArrayList<>();
    c.add(frameRefused("a text frame over the message limit before pairing", 1009, big, false, s -> s.frame(true, 0, 1, text(MAX_MESSAGE + 1024), true)));
    c.add(frameRefused("a text frame over the message limit after pairing", 1009, big, true, s -> s.frame(true, 0, 1, text(MAX_MESSAGE + 1024), true)));
    c.add(frameRefused("continuations that add up over the limit, none over it alone", 1009, big, true, s -> {
      int part = MAX_MESSAGE / 4;
      s.frame(false, 0, 1, text(part), true);
      for (int i = 0; i < 5; i++) {
        s.frame(false, 0, 0, text(part), true);
      }
      s.frame(true, 0, 0, text(part), true);
    }));
    c.add(frameRefused("a frame declaring 2^62 bytes and sending none", 1009, big, false, s -> s.raw(RawSocket.frameHeader(true, 0, 1, 1L << 62, true))));
    c.add(frameRefused("a frame declaring 64 MiB and sending none", 1009, big, true, s -> s.raw(RawSocket.frameHeader(true, 0, 2, 64L << 20, true))));
    c.add(frameRefused("a continuation without a start", 1002, null, true, s -> s.frame(true, 0, 0, text(10), true)));
    c.add(frameRefused("a new text frame while a fragmented one is open", 1002, null, true, s -> {
      s.frame(false, 0, 1, text(10), true);
      s.frame(true, 0, 1, text(10), true);
    }));
    c.add(frameRefused("invalid UTF-8 in a text frame", 1007, null, true, s -> s.frame(true, 0, 1, new byte[] {'{', (byte) 0xc3, (byte) 0x28, '}'}, true)));
    c.add(frameRefused("invalid UTF-8 split across fragments", 1007, null, true, s -> {
      s.frame(false, 0, 1, new byte[] {'{', (byte) 0xe2, (byte) 0x82}, true);
      s.frame(true, 0, 0, new byte[] {(byte) 0x28, '}'}, true);
    }));
    c.add(frameRefused("a binary frame before pairing", 4400, BAD, false, s -> s.frame(true, 0, 2, new byte[] {1, 2, 3}, true)));
    c.add(frameRefused("a binary frame after pairing", 4400, BAD, true, s -> s.frame(true, 0, 2, new byte[] {1, 2, 3}, true)));
    c.add(frameRefused("a reserved bit set without an extension", 1002, null, true, s -> s.frame(true, 4, 1, "{}".getBytes(), true)));
    c.add(frameRefused("an unknown opcode 0x3", 1002, null, true, s -> s.frame(true, 0, 3, text(4), true)));
    c.add(frameRefused("a ping of 126 bytes (control frames are at most 125)", 1002, null, true, s -> s.frame(true, 0, 9, text(126), true)));
    c.add(frameRefused("a fragmented ping", 1002, null, true, s -> s.frame(false, 0, 9, text(4), true)));
    c.add(frameRefused("a frame without a mask from a client", 1002, null, true, s -> s.frame(true, 0, 1, "{\"type\":\"heartbeat\"}".getBytes(), false)));
    c.add(new Case("frames", "a client that never answers the studio's close frame: its socket is closed all the same", true, () -> {
      try (RawSocket s = new RawSocket(port)) {
        s.pair(port, secret, "no-close-reply");
        s.frame(true, 0, 2, new byte[] {1}, true);
        assertThat(s.awaitClose()).isEqualTo(4400);
        assertThat(s.closedByServer()).isTrue();
      }
      realStillCurrent();
    }));
    c.add(new Case("frames", "a ping between the fragments of a hello is answered and the hello pairs (RFC 6455 allows it)", false, () -> {
      try (RawSocket s = new RawSocket(port)) {
        String serverNonce = s.upgradeAndChallenge(port);
        String nonce = "fragmented-nonce-0123456789";
        byte[] hello = FakeExtension.hello("fragmented", nonce, secret.extensionProof(serverNonce, nonce)).getBytes(StandardCharsets.UTF_8);
        int half = hello.length / 2;
        s.frame(false, 0, 1, Arrays.copyOfRange(hello, 0, half), true);
        s.frame(true, 0, 9, "ping".getBytes(), true);
        s.frame(true, 0, 0, Arrays.copyOfRange(hello, half, hello.length), true);
        RawSocket.Frame pong = s.readFrame();
        assertThat(pong.opcode()).isEqualTo(10);
        assertThat(pong.text()).isEqualTo("ping");
        assertThat(s.nextData().text()).contains("\"welcome\"");
      }
      realStillCurrent();
    }));
    int pings = 500 * SCALE;
    c.add(new Case("frames", pings + " pings, each read back before the next: every one answered", false, () -> {
      try (RawSocket s = new RawSocket(port)) {
        s.pair(port, secret, "pinger");
        for (int i = 0; i < pings; i++) {
          s.frame(true, 0, 9, ("p" + i).getBytes(), true);
          RawSocket.Frame f = s.readFrame();
          while (f.opcode() == 1) {
            f = s.readFrame(); // a heartbeat
          }
          assertThat(f.opcode()).isEqualTo(10);
          assertThat(f.text()).isEqualTo("p" + i);
        }
      }
      realStillCurrent();
    }));
    c.add(new Case("frames", "a ping flood that never reads its pongs: the server stops answering instead of queueing", true, () -> {
      long before = stats().unansweredPings();
      try (RawSocket s = new RawSocket(port, 4096)) {
        s.pair(port, secret, "ping-flood");
        byte[] ping = new byte[125];
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try {
          Future<?> flood = writer.submit(() -> {
            for (int i = 0; i < 200_000 * SCALE && stats().unansweredPings() == before; i++) {
              s.frame(true, 0, 9, ping, true);
            }
            return null;
          });
          await().atMost(Duration.ofSeconds(30)).until(() -> stats().unansweredPings() > before || flood.isDone());
          extensionWorks("during floods");
          flood.get(30, TimeUnit.SECONDS);
        } finally {
          writer.shutdownNow();
        }
        assertThat(stats().unansweredPings()).isGreaterThan(before);
      }
      realStillCurrent();
    }));
    return c;
  }

  // ---- floods -------------------------------------------------------------------------------------------------

  List<Case> floods() {
    int n = 200 * SCALE;
    List<Case> c = new ArrayList<>();
    c.add(new Case("floods", n + " refused upgrades in a row (a web page's Origin) → all 403 and closed", true, () -> counts(BridgeStats::refusedOrigin, n, () -> {
      for (int i = 0; i < n; i++) {
        HttpAnswer a = RawSocket.ask(port, upgradeWith("Origin", "https://evil.example"));
        assertThat(a.status()).isEqualTo(403);
        assertThat(a.closed()).isTrue();
        if (i == n / 2) extensionWorks("during floods");
      }
    })));
    c.add(new Case("floods", n + " upgrades at once that never pair: at most " + LIMITS.maxUnpaired() + " wait at once (then 4408), the rest 503", true, () -> {
      BridgeStats before = stats();
      List<RawSocket> all = new ArrayList<>();
      int opened = 0;
      int busy = 0;
      try {
        for (int i = 0; i < n; i++) {
          RawSocket s = new RawSocket(port);
          all.add(s);
          s.raw(RawSocket.head(RawSocket.goodUpgrade(port)));
        }
        // every answer first (the server has sent them all by now), then the closes
        List<RawSocket> in = new ArrayList<>();
        List<RawSocket> out = new ArrayList<>();
        for (RawSocket s : all) {
          HttpAnswer a = s.readAnswer(false);
          if (a.status() == 101) {
            opened++;
            in.add(s);
          } else {
            assertThat(a.status()).as(a.head()).isEqualTo(503);
            out.add(s);
            busy++;
          }
        }
        for (RawSocket s : out) {
          assertThat(s.closedByServer()).isTrue();
        }
        extensionWorks("during floods");
        // connects beyond the kernel's accept backlog wait a SYN retry, so slots freed by pair timeouts may let
        // more than the bound in over the whole flood; at no moment are more than the bound waiting
        assertThat(browser.client().server().unpairedPeak()).isLessThanOrEqualTo(LIMITS.maxUnpaired());
        assertThat(opened).isPositive();
        assertThat(busy).isPositive();
        assertThat(opened + busy).isEqualTo(n);
        for (RawSocket s : in) {
          assertThat(s.awaitClose()).isEqualTo(CloseCodes.PAIR_TIMEOUT);
        }
      } finally {
        for (RawSocket s : all) s.close();
      }
      int o = opened;
      int b = busy;
      await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
        assertThat(stats().pairTimeouts() - before.pairTimeouts()).isEqualTo(o);
        assertThat(stats().refusedBusy() - before.refusedBusy()).isEqualTo(b);
      });
    }));
    c.add(new Case("floods", n + " TCP connections that never send a byte: all closed (408 or 503) within the upgrade timeout", true, () -> {
      BridgeStats before = stats();
      List<RawSocket> all = new ArrayList<>();
      try {
        for (int i = 0; i < n; i++) {
          all.add(new RawSocket(port));
        }
        extensionWorks("during floods");
        int timedOut = 0;
        for (RawSocket s : all) {
          HttpAnswer a = s.readAnswer(true);
          assertThat(a.status()).isIn(408, 503);
          assertThat(a.closed()).isTrue();
          if (a.status() == 408) timedOut++;
        }
        assertThat(browser.client().server().unpairedPeak()).isLessThanOrEqualTo(LIMITS.maxUnpaired());
        assertThat(stats().upgradeTimeouts() - before.upgradeTimeouts()).isEqualTo(timedOut);
      } finally {
        for (RawSocket s : all) s.close();
      }
    }));
    c.add(new Case("floods", "a flood of " + n + " paired-and-gone clients: each pairs, closes, and leaves nothing behind", false, () -> {
      for (int i = 0; i < n / 4; i++) {
        try (RawSocket s = new RawSocket(port)) {
          s.pair(port, secret, "churn-" + (i % 8));
        }
      }
      realStillCurrent();
      await().atMost(Duration.ofSeconds(5)).until(() -> browser.client().server().unpairedConnections() == 0);
    }));
    return c;
  }

  // ---- slowloris ----------------------------------------------------------------------------------------------

  /** Sends {@code bytes} one a second on the socket, until the server closes it; answers what it said. */
  static HttpAnswer dribble(RawSocket s, byte[] bytes) throws Exception {
    ScheduledExecutorService pace = Executors.newSingleThreadScheduledExecutor();
    try {
      int[] next = {0};
      pace.scheduleAtFixedRate(() -> {
        try {
          if (next[0] < bytes.length) s.raw(new byte[] {bytes[next[0]++]});
        } catch (java.io.IOException closed) {
          // the server has closed it
        }
      }, 0, 1, TimeUnit.SECONDS);
      return s.readAnswer(true);
    } finally {
      pace.shutdownNow();
    }
  }

  List<Case> slowloris() {
    List<Case> c = new ArrayList<>();
    long bound = UPGRADE_TIMEOUT.toMillis() + 5_000;
    c.add(new Case("slowloris", "an upgrade sent one byte a second → 408 and closed within the upgrade timeout", true, () -> counts(BridgeStats::upgradeTimeouts, 1, () -> {
      long t = System.nanoTime();
      try (RawSocket s = new RawSocket(port)) {
        CompletableFuture<HttpAnswer> answer = CompletableFuture.supplyAsync(() -> {
          try {
            return dribble(s, RawSocket.head(RawSocket.goodUpgrade(port)));
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
        extensionWorks("during floods");
        HttpAnswer a = answer.get(bound, TimeUnit.MILLISECONDS);
        assertThat(a.status()).isEqualTo(408);
        assertThat(a.closed()).isTrue();
      }
      assertThat((System.nanoTime() - t) / 1_000_000).isLessThan(bound);
    })));
    c.add(new Case("slowloris", "headers that never end (no blank line) → 408", true, () -> counts(BridgeStats::upgradeTimeouts, 1, () -> {
      try (RawSocket s = new RawSocket(port)) {
        byte[] h = RawSocket.head(RawSocket.goodUpgrade(port));
        s.raw(Arrays.copyOf(h, h.length - 2));
        HttpAnswer a = s.readAnswer(true);
        assertThat(a.status()).isEqualTo(408);
        assertThat(a.closed()).isTrue();
      }
    })));
    int many = 20 * SCALE;
    c.add(new Case("slowloris", many + " slow upgrades at once → all closed (408, 503 beyond the bound); the extension served meanwhile", true, () -> {
      List<RawSocket> all = new ArrayList<>();
      List<CompletableFuture<HttpAnswer>> answers = new ArrayList<>();
      ExecutorService readers = Executors.newFixedThreadPool(Math.min(many, 64));
      try {
        for (int i = 0; i < many; i++) {
          RawSocket s = new RawSocket(port);
          all.add(s);
          s.raw("GET / HTTP/1.1\r\nHost: 127".getBytes(StandardCharsets.US_ASCII));
          answers.add(CompletableFuture.supplyAsync(() -> {
            try {
              return s.readAnswer(true);
            } catch (java.io.IOException e) {
              throw new IllegalStateException(e);
            }
          }, readers));
        }
        extensionWorks("during floods");
        for (CompletableFuture<HttpAnswer> a : answers) {
          HttpAnswer got = a.get(bound, TimeUnit.MILLISECONDS);
          assertThat(got.status()).isIn(408, 503);
          assertThat(got.closed()).isTrue();
        }
      } finally {
        readers.shutdownNow();
        for (RawSocket s : all) s.close();
      }
    }));
    c.add(new Case("slowloris", "upgraded and then silent: never a hello → 4408 at the pair timeout", true, () -> counts(BridgeStats::pairTimeouts, 1, () -> {
      try (RawSocket s = new RawSocket(port)) {
        s.upgradeAndChallenge(port);
        assertThat(s.awaitClose()).isEqualTo(CloseCodes.PAIR_TIMEOUT);
      }
    })));
    c.add(new Case("slowloris", "a hello sent one byte a second → closed at the pair timeout", true, () -> counts(BridgeStats::pairTimeouts, 1, () -> {
      try (RawSocket s = new RawSocket(port)) {
        s.upgradeAndChallenge(port);
        byte[] hello = FakeExtension.hello("slow", "slow-nonce-0123456789", "00").getBytes(StandardCharsets.UTF_8);
        byte[] frame = RawSocket.frameBytes(true, 0, 1, hello, true);
        ScheduledExecutorService pace = Executors.newSingleThreadScheduledExecutor();
        try {
          int[] next = {0};
          pace.scheduleAtFixedRate(() -> {
            try {
              if (next[0] < frame.length) s.raw(new byte[] {frame[next[0]++]});
            } catch (java.io.IOException closed) {
              // the server has closed it
            }
          }, 0, 1, TimeUnit.SECONDS);
          assertThat(s.awaitClose()).isEqualTo(CloseCodes.PAIR_TIMEOUT);
        } finally {
          pace.shutdownNow();
        }
      }
    })));
    return c;
  }
}
