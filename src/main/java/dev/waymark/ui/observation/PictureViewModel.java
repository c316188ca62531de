package dev.waymark.ui.observation;

import dev.waymark.observe.PagePicture;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.SessionSnapshot;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * The page beside the tree: a picture of the task tab taken after each observation while it is shown (values
 * blurred in the browser before it leaves), the element under the pointer on either side, and whether refs are
 * labelled on it. A picture is taken off the FX thread; one that fails says why instead of the picture.
 */
public final class PictureViewModel {
  private final AuthoringSession session;
  private final Executor ui;
  private final BooleanProperty shown = new SimpleBooleanProperty(false);
  private final BooleanProperty refsShown = new SimpleBooleanProperty(false);
  private final ReadOnlyObjectWrapper<PagePicture> picture = new ReadOnlyObjectWrapper<>();
  private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
  private final ReadOnlyStringWrapper hovered = new ReadOnlyStringWrapper();
  private long pictured = -1;
  private long observed = -1;
  private boolean taking;

  public PictureViewModel(AuthoringSession session, Executor ui) {
    this.session = session;
    this.ui = ui;
    shown.addListener((o, a, on) -> {
      if (on && observed < 0) status.set("No page observed yet: press Observe, and its picture appears here.");
      if (on && observed >= 0 && pictured != observed) refresh();
    });
  }

  /** A new observation brings a new picture, when the picture is shown; called on the FX thread. */
  public void accept(SessionSnapshot s) {
    if (s.observation() == null) return;
    observed = s.observationSerial();
    if (shown.get() && pictured != observed) refresh();
  }

  /** Takes a picture of the page now (the studio's last observation gives the boxes). */
  public CompletableFuture<?> refresh() {
    if (taking) return CompletableFuture.completedFuture(null);
    taking = true;
    long serial = observed;
    status.set("Taking a picture of the page…");
    return session.picture().whenComplete((p, e) -> ui.execute(() -> {
      taking = false;
      pictured = serial;
      if (e != null) {
        Throwable c = e.getCause() != null ? e.getCause() : e;
        status.set("No picture: " + c.getMessage());
        return;
      }
      picture.set(p);
      status.set(p.boxes().size() + " elements on screen" + (p.blurred() > 0 ? "; " + p.blurred() + " fields blurred" : ""));
      if (observed != serial && shown.get()) refresh();
    }));
  }

  /** The element under the pointer, on the picture or in the tree (null: none). */
  public void hover(String ref) {
    hovered.set(ref);
  }

  public BooleanProperty shownInputProperty() { return shown; }
  public BooleanProperty refsShownInputProperty() { return refsShown; }
  public ReadOnlyObjectProperty<PagePicture> pictureProperty() { return picture.getReadOnlyProperty(); }
  public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
  public ReadOnlyStringProperty hoveredProperty() { return hovered.getReadOnlyProperty(); }
}
