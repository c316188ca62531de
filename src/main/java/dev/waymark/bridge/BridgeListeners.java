package dev.waymark.bridge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bridge's listeners and the dispatch thread they hear on: a client paired, a client's connection ended, a browser
 * event, a reply no request waited for. Apart from {@link BridgeServer} because every socket callback hands off
 * through here and none may run a listener itself (a callback only decodes and hands off); one listener failing never
 * keeps the others from hearing.
 */
final class BridgeListeners {
  private static final Logger LOG = LoggerFactory.getLogger(BridgeListeners.class);

  private final List<BridgeListener> listeners = new CopyOnWriteArrayList<>();
  private final Executor dispatcher;
  private volatile Consumer<ObjectNode> lateReplyHandler = reply -> { };

  BridgeListeners(Executor dispatcher) {
    this.dispatcher = dispatcher;
  }

  void add(BridgeListener listener) {
    listeners.add(listener);
  }

  void remove(BridgeListener listener) {
    listeners.remove(listener);
  }

  void setLateReplyHandler(Consumer<ObjectNode> handler) {
    this.lateReplyHandler = handler;
  }

  void connected(ClientInfo info) {
    tellEach(l -> l.connected(info));
  }

  void disconnected(ClientInfo info, int code, String reason, boolean replaced) {
    tellEach(l -> l.disconnected(info, code, reason, replaced));
  }

  void event(ClientInfo info, BrowserEvent event) {
    tellEach(l -> l.event(info, event));
  }

  /** A late or unknown reply goes to the handler that keeps track of steps whose fate was uncertain. */
  void lateReply(ObjectNode body) {
    dispatcher.execute(() -> safely(() -> lateReplyHandler.accept(body)));
  }

  private void tellEach(Consumer<BridgeListener> tell) {
    dispatcher.execute(() -> listeners.forEach(l -> safely(() -> tell.accept(l))));
  }

  private static void safely(Runnable r) {
    try {
      r.run();
    } catch (RuntimeException e) {
      LOG.warn("A bridge listener failed", e);
    }
  }
}
