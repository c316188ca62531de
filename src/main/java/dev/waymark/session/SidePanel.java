package dev.waymark.session;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bridge.BridgeListener;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.BrowserEvent;
import dev.waymark.bridge.ClientInfo;
import dev.waymark.observe.ObservedNode;
import dev.waymark.risk.Approval;
import dev.waymark.risk.RiskCategory;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Provenance;
import java.util.Comparator;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the extension's side panel in step with the session: the step waiting for approval (what the studio's
 * card shows, the value as written), when it stops waiting, and what Waymark is doing now; and takes the
 * person's Approve / Reject from the panel as their answer on the {@code chrome} channel. The first answer wins:
 * an answer for an item that no longer waits (answered in the studio, edited, replaced) is refused and the panel
 * is told so. A userStep's item is the gate's own ({@link dev.waymark.bridge.UserStepGate}).
 */
public final class SidePanel implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SidePanel.class);

  /** Where the panel's messages go: the bridge in the app, a fake in tests. */
  public interface Panel {
    void waiting(ObjectNode item);

    void waitingEnded(String itemId, String answeredBy);

    void activity(String text);
  }

  private final AuthoringSession session;
  private final Panel panel;
  private final PersonApprover chrome;
  private final String localChannel;
  private final Runnable unsubscribe;
  // Touched from the notifier (snapshots) and the bridge thread (answers).
  private PendingApproval shown;
  private String shownId;
  private long generation;
  private String activity;
  private boolean answeredHere;
  // One of several tasks sharing the browser: its items say which task asks, and their ids are the task's own.
  private volatile String task;

  /**
   * @param chrome       makes the approval of a step the person approved in the panel: {@code Approval.byPerson(step,
   *                     Channel.CHROME)}, from ui or cli code, as every approval
   * @param localChannel the other channel's journal name (studio or terminal), to tell the panel who answered
   */
  public SidePanel(AuthoringSession session, Panel panel, PersonApprover chrome, String localChannel) {
    this.session = session;
    this.panel = panel;
    this.chrome = chrome;
    this.localChannel = localChannel;
    java.util.function.Consumer<SessionSnapshot> l = this::accept;
    session.addListener(l);
    this.unsubscribe = () -> session.removeListener(l);
  }

  /** A side panel over the bridge: its answers arrive as {@code answer} events. */
  public static SidePanel over(BrowserClient client, AuthoringSession session, PersonApprover chrome, String localChannel) {
    Panel p = new Panel() {
      @Override
      public void waiting(ObjectNode item) {
        quietly(client.isConnected() ? client.panel().waiting(item) : null);
      }

      @Override
      public void waitingEnded(String itemId, String answeredBy) {
        quietly(client.isConnected() ? client.panel().waitingEnded(itemId, answeredBy) : null);
      }

      @Override
      public void activity(String text) {
        quietly(client.isConnected() ? client.panel().activity(text) : null);
      }
    };
    SidePanel panel = new SidePanel(session, p, chrome, localChannel);
    panel.task = client.task();
    BridgeListener answers = new BridgeListener() {
      @Override
      public void event(ClientInfo from, BrowserEvent e) {
        if ("answer".equals(e.event()) && !"continue".equals(e.text("answer"))) {
          panel.answer(e.text("item_id"), e.text("answer"), e.text("reason"));
        }
      }
    };
    client.addListener(answers);
    panel.onClose = () -> client.removeListener(answers);
    return panel;
  }

  private Runnable onClose = () -> { };

  private static void quietly(CompletableFuture<?> f) {
    if (f != null) f.whenComplete((r, e) -> { if (e != null) LOG.debug("the side panel was not told: {}", e.toString()); });
  }

  /** The item id the panel shows for the waiting approval, or null. */
  public synchronized String shownItem() {
    return shownId;
  }

  synchronized void accept(SessionSnapshot s) {
    PendingApproval p = s.pending();
    if (p != shown) {
      if (shownId != null) panel.waitingEnded(shownId, answeredHere ? Approval.Channel.CHROME.journalName() : localChannel);
      shown = p;
      String of = task == null ? "" : task + "-";
      shownId = p == null ? null : "approval-" + of + p.step().id() + "-" + (++generation);
      answeredHere = false;
      if (p != null) {
        ObjectNode item = card(shownId, p);
        if (task != null) item.put("task", "Task " + task + (s.state().goal().isBlank() ? "" : ": " + s.state().goal()));
        panel.waiting(item);
      }
    }
    String now = s.activity();
    if (!Objects.equals(now, activity)) {
      activity = now;
      panel.activity(now);
    }
  }

  /** The person's answer in the panel: approve, or reject with a reason; refused unless the item still waits. */
  public CompletableFuture<TurnOutcome> answer(String itemId, String answer, String reason) {
    PendingApproval p;
    synchronized (this) {
      if (itemId == null || !itemId.equals(shownId) || shown == null) {
        LOG.info("a side panel answer for {} came when it no longer waited", itemId);
        panel.activity("Your answer in Chrome came after that step stopped waiting; nothing was done");
        return CompletableFuture.failedFuture(new SessionException("That step no longer waits"));
      }
      p = shown;
      answeredHere = true;
    }
    CompletableFuture<TurnOutcome> f = "approve".equals(answer)
        ? session.approve(chrome.approve(p.step()))
        : "reject".equals(answer)
        ? session.reject(p.step().id(), reason == null || reason.isBlank() ? "the person rejected the step in Chrome" : reason,
            Approval.Channel.CHROME.journalName())
        : CompletableFuture.failedFuture(new SessionException("unknown answer " + answer));
    return f.whenComplete((o, e) -> {
      if (e != null) {
        synchronized (this) {
          answeredHere = false;
        }
        Throwable why = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
        panel.activity("Your answer in Chrome was not taken: " + why.getMessage());
      }
    });
  }

  /** What the studio's approval card shows, with the value as written (a token, never the real string). */
  static ObjectNode card(String id, PendingApproval p) {
    ObjectNode item = Json.mapper().createObjectNode();
    item.put("id", id).put("kind", "approval").put("action", p.step().type()).put("label", p.step().label());
    ObservedNode n = p.node();
    if (n != null) {
      ObjectNode el = item.putObject("element");
      el.put("role", n.role() == null ? n.tag() : n.role()).put("name", n.name()).put("section", n.section());
      if (n.href() != null) el.put("href", n.href());
    }
    if (p.step().selector() != null) item.put("selector", p.step().selector().describe());
    if (p.step().url() != null) item.put("url", p.step().url());
    if (p.value() != null) item.put("value", p.value());
    item.put("decided_by", Provenance.PERSON.equals(p.decidedBy()) ? "you" : "the model");
    if (p.reasoning() != null) item.put("reasoning", p.reasoning());
    if (p.url() != null) item.put("page", p.url());
    ArrayNode risks = item.putArray("risks");
    p.categories().stream().sorted(Comparator.comparing(RiskCategory::ordinal)).forEach(c -> risks.add(c.description()));
    ArrayNode why = item.putArray("evidence");
    p.reasons().forEach(why::add);
    item.put("edited", p.edited());
    return item;
  }

  @Override
  public void close() {
    unsubscribe.run();
    onClose.run();
  }
}
