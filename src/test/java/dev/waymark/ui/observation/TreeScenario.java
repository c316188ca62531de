package dev.waymark.ui.observation;

import dev.waymark.observe.ObservedHeading;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;

/**
 * What a person does with a 10,000-element page, step by step, run the same way against the studio's tree and
 * against a bare TreeTableView (the floor: what the control itself costs in this toolkit and renderer).
 */
final class TreeScenario {
  static final int NODES = 10_000;
  static final int SECTIONS = 40;
  /** Rounds after the cold one; the warm figure is their median. */
  static final int WARM_ROUNDS = 4;

  /** A tree that can be shown rows: the studio's observation view, or the bare floor. */
  interface Subject {
    Scene scene();

    TreeTableView<ObsRow> tree();

    /** Shows these rows the way this subject does it, keeping expansion and selection where it can. */
    void show(List<ObsRow> rows, boolean filtering);

    /** Empties the tree between rounds. */
    void reset();

    /** Work a subject may do before the clock starts (the floor makes its tree items here); FX thread. */
    default void prepare(List<ObsRow> rows, boolean filtering) {}
  }

  private TreeScenario() {}

  static PageObservation page(int nodes, int seed) {
    List<ObservedNode> list = new ArrayList<>(nodes);
    for (int i = 0; i < nodes; i++) {
      String section = "Section " + (i % SECTIONS);
      list.add(new ObservedNode("e" + (seed + i), i % 3 == 0 ? "link" : "button", "Item " + i, "a", null,
          i % 7 == 0 ? "v" + i : null, null, i % 11 == 0, null, null, null, "#item-" + i, null, null, null, section,
          "row " + i, i % 5 == 0, false, 0));
    }
    List<ObservedHeading> hs = new ArrayList<>();
    for (int s = 0; s < SECTIONS; s++) hs.add(new ObservedHeading(2, "Section " + s));
    return new PageObservation("http://example.test/big", "Big page", list, hs, null, true, null, false, 500, 0, List.of());
  }

  /** Each step's cost, in order (the names are the same for every subject), and what was selected after the refreshes. */
  record Result(Map<String, PulseProbe.Cost> costs, String selectedAfterRefresh) {}

  /** The cold round, then the median of the warm rounds, per step. */
  static List<Result> rounds(Subject s) throws Exception {
    List<Result> out = new ArrayList<>();
    for (int i = 0; i <= WARM_ROUNDS; i++) {
      if (i > 0) onFx(() -> {
        s.reset();
        return null;
      });
      out.add(run(s));
    }
    return out;
  }

  /** The median over rounds 1.. of each step's figures. */
  static Map<String, PulseProbe.Cost> warm(List<Map<String, PulseProbe.Cost>> rounds) {
    Map<String, PulseProbe.Cost> out = new LinkedHashMap<>();
    for (String step : rounds.get(0).keySet()) {
      List<PulseProbe.Cost> cs = rounds.subList(1, rounds.size()).stream().map(r -> r.get(step)).toList();
      out.put(step, new PulseProbe.Cost(median(cs.stream().mapToDouble(PulseProbe.Cost::fxMs).toArray()),
          median(cs.stream().mapToDouble(PulseProbe.Cost::shownMs).toArray()), 0));
    }
    return out;
  }

  private static double median(double[] v) {
    java.util.Arrays.sort(v);
    return v.length == 0 ? Double.NaN : v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  /** Runs every step once. */
  static Result run(Subject s) throws Exception {
    PageObservation first = page(NODES, 1);
    PageObservation second = page(NODES, 20_001);
    List<ObsRow> rows1 = ObservationTreeModel.build(first, null, null);
    List<ObsRow> rows2 = ObservationTreeModel.build(second, null, null);
    List<ObsRow> rows3 = ObservationTreeModel.build(first, null, null);
    List<ObsRow> filtered = ObservationTreeModel.build(second, "item 99", null);
    Map<String, PulseProbe.Cost> out = new LinkedHashMap<>();
    out.put("first page shown", show(s, rows1, false));
    out.put("expand a 250-node section + select", PulseProbe.measure(s.scene(), () -> {
      TreeItem<ObsRow> sec = last(s, 1);
      sec.setExpanded(true);
      s.tree().getSelectionModel().select(sec.getChildren().get(100));
    }));
    out.put("new page, expansion+selection kept", show(s, rows2, false));
    out.put("new page again (warm)", show(s, rows3, false));
    String selected = onFx(() -> {
      TreeItem<ObsRow> i = s.tree().getSelectionModel().getSelectedItem();
      return i == null ? null : i.getValue().selector();
    });
    out.put("expand another section (warm)", PulseProbe.measure(s.scene(), () -> last(s, 2).setExpanded(true)));
    out.put("select another row", PulseProbe.measure(s.scene(),
        () -> s.tree().getSelectionModel().select(last(s, 1).getChildren().get(101))));
    out.put("scroll a page down", PulseProbe.measure(s.scene(),
        () -> s.tree().scrollTo(s.tree().getSelectionModel().getSelectedIndex() + 30)));
    out.put("re-render visible rows (tree.refresh)", PulseProbe.measure(s.scene(), () -> s.tree().refresh()));
    out.put("filter applied", show(s, filtered, true));
    out.put("filter cleared", show(s, rows2, false));
    return new Result(out, selected);
  }

  private static PulseProbe.Cost show(Subject s, List<ObsRow> rows, boolean filtering) throws Exception {
    onFx(() -> {
      s.prepare(rows, filtering);
      return null;
    });
    return PulseProbe.measure(s.scene(), () -> s.show(rows, filtering));
  }

  private static TreeItem<ObsRow> last(Subject s, int fromEnd) {
    List<TreeItem<ObsRow>> top = s.tree().getRoot().getChildren();
    return top.get(top.size() - fromEnd);
  }

  static <T> T onFx(Callable<T> c) throws Exception {
    java.util.concurrent.CompletableFuture<T> f = new java.util.concurrent.CompletableFuture<>();
    Platform.runLater(() -> {
      try {
        f.complete(c.call());
      } catch (Exception e) {
        f.completeExceptionally(e);
      }
    });
    return f.get();
  }
}
