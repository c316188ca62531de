package dev.waymark.ui.observation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.observe.ObservedHeading;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.FakeSessionBrowser;
import dev.waymark.session.KeywordRiskGate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javafx.scene.Scene;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * How long the FX thread is busy when a 10,000-element page arrives, is expanded, and is refreshed with the
 * expansion and selection kept. The tree rows are built off the FX thread; this prints both halves.
 */
@ExtendWith(ApplicationExtension.class)
class ObservationTreeBenchmark {
  static final int NODES = 10_000;
  static final int SECTIONS = 40;
  ObservationView view;
  Stage stage;
  AuthoringSession session;

  @Start
  void start(Stage stage) {
    this.stage = stage;
    session = new AuthoringSession(new AuthoringSession.Config(FakeSessionBrowser.checkout(), new KeywordRiskGate(),
        ApprovalPolicy.defaults(), null, Runnable::run, 1000));
    view = new ObservationView(new ObservationViewModel(session, m -> { }));
    stage.setScene(new Scene(view, 1000, 700));
    stage.show();
  }

  @AfterEach
  void tearDown() {
    session.close();
  }

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

  long fx(Runnable r) throws Exception {
    AtomicLong ns = new AtomicLong();
    WaitForAsyncUtils.asyncFx(() -> {
      long t0 = System.nanoTime();
      r.run();
      // Include the layout and CSS pass the change causes, which is where a naive tree spends its time.
      stage.getScene().getRoot().applyCss();
      stage.getScene().getRoot().layout();
      ns.set(System.nanoTime() - t0);
    }).get(30, TimeUnit.SECONDS);
    return ns.get();
  }

  @Test
  void tenThousandNodesStayResponsive() throws Exception {
    PageObservation first = page(NODES, 1);
    PageObservation second = page(NODES, 20_001);
    // Warm up class loading and the JIT once, as a running studio would be.
    ObservationTreeModel.build(page(2000, 50_000), null, null);

    long b0 = System.nanoTime();
    List<ObsRow> rows = ObservationTreeModel.build(first, null, null);
    long build = System.nanoTime() - b0;
    long apply = fx(() -> view.applyRows(rows));
    long expand = fx(() -> {
      TreeItem<ObsRow> s = view.tree().getRoot().getChildren().get(view.tree().getRoot().getChildren().size() - 1);
      s.setExpanded(true);
      view.tree().getSelectionModel().select(s.getChildren().get(100));
    });
    List<ObsRow> rows2 = ObservationTreeModel.build(second, null, null);
    long refresh = fx(() -> view.applyRows(rows2));
    ObsRow selected = WaitForAsyncUtils.asyncFx(() -> view.tree().getSelectionModel().getSelectedItem().getValue()).get();
    // Steady state: the same refresh again, as every turn of a session does.
    long refresh2 = fx(() -> view.applyRows(ObservationTreeModel.build(first, null, null)));
    long expand2 = fx(() -> {
      TreeItem<ObsRow> s = view.tree().getRoot().getChildren().get(view.tree().getRoot().getChildren().size() - 2);
      s.setExpanded(true);
    });
    long idle = fx(() -> view.tree().refresh());
    long b1 = System.nanoTime();
    List<ObsRow> filtered = ObservationTreeModel.build(second, "item 99", null);
    long filterBuild = System.nanoTime() - b1;
    long filterApply = fx(() -> view.applyRows(filtered));

    System.out.printf("%nObservation tree, %d nodes in %d sections%n", NODES, SECTIONS);
    System.out.printf("%-44s %10s%n", "phase", "ms");
    System.out.printf("%-44s %10.1f%n", "build rows (worker thread)", build / 1e6);
    System.out.printf("%-44s %10.1f%n", "first show (FX thread)", apply / 1e6);
    System.out.printf("%-44s %10.1f%n", "expand a 250-node section + select (FX)", expand / 1e6);
    System.out.printf("%-44s %10.1f%n", "refresh, keep expansion+selection (FX)", refresh / 1e6);
    System.out.printf("%-44s %10.1f%n", "refresh again, warm (FX)", refresh2 / 1e6);
    System.out.printf("%-44s %10.1f%n", "expand another section, warm (FX)", expand2 / 1e6);
    System.out.printf("%-44s %10.1f%n", "baseline: re-render visible rows only (FX)", idle / 1e6);
    System.out.printf("%-44s %10.1f%n", "filter build (worker thread)", filterBuild / 1e6);
    System.out.printf("%-44s %10.1f%n", "filter apply (FX)", filterApply / 1e6);

    assertThat(selected.selector()).as("the selection survived the refresh").isEqualTo("#item-" + (100 * SECTIONS + SECTIONS - 1));
  }
}
