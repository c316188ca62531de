package dev.waymark.bridge;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The paired clients by client id, and the current one requests go to by default (the one that paired most recently
 * and is still connected). Apart from {@link BridgeServer} because pairing adds to it, a close takes from it and
 * requests read it, each on another thread; the fallback to another client when the current one leaves lives here.
 */
final class PairedClients {
  private final Map<String, BridgeSession> byId = new ConcurrentHashMap<>();
  private final AtomicReference<BridgeSession> current = new AtomicReference<>();

  /** The session of a paired client, or null. */
  BridgeSession byId(String clientId) {
    return byId.get(clientId);
  }

  /** The current client's session, or null when none is paired. */
  BridgeSession current() {
    return current.get();
  }

  Optional<ClientInfo> currentInfo() {
    BridgeSession s = current.get();
    return s == null ? Optional.empty() : Optional.of(s.info);
  }

  List<ClientInfo> infos() {
    List<ClientInfo> out = new ArrayList<>();
    byId.values().forEach(s -> out.add(s.info));
    return out;
  }

  Collection<BridgeSession> sessions() {
    return byId.values();
  }

  /** Registers a session that just paired and makes it current; answers the one it replaces, or null. */
  BridgeSession register(String clientId, BridgeSession s) {
    BridgeSession old = byId.put(clientId, s);
    current.set(s);
    return old;
  }

  /** Forgets a session whose connection closed (not a newer one of the same client). */
  void remove(BridgeSession s) {
    byId.remove(s.info.clientId(), s);
    if (current.compareAndSet(s, null)) {
      // fall back to another paired client, if any
      byId.values().stream().findFirst().ifPresent(other -> current.compareAndSet(null, other));
    }
  }
}
