package dev.waymark.apply;

import dev.waymark.observe.ObservedHeading;
import dev.waymark.observe.ObservedList;
import dev.waymark.observe.ObservedListField;
import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.ObservedPagination;
import dev.waymark.observe.ObservedTab;
import dev.waymark.observe.PageObservation;
import java.util.ArrayList;
import java.util.List;

/**
 * Masks every real value a page echoes in an observation (a filled field's value, a greeting that repeats
 * the email, a URL carrying it) before the observation reaches a prompt, the window or a file. The extension
 * masks too; this is the studio's own guard, because a page can echo a value in ways no one foresaw.
 */
public final class ObservationMask {
  private ObservationMask() {}

  public static PageObservation mask(PageObservation o, SecretMask m) {
    if (o == null || m.isEmpty()) return o;
    List<ObservedNode> nodes = new ArrayList<>(o.nodes().size());
    for (ObservedNode n : o.nodes()) {
      nodes.add(new ObservedNode(n.ref(), n.role(), m.mask(n.name()), n.tag(), n.type(), m.mask(n.value()),
          m.mask(n.placeholder()), n.disabled(), n.checked(), n.expanded(), maskAll(n.options(), m), m.mask(n.selector()),
          m.mask(n.path()), n.indexes(), maskAll(n.enter(), m), m.mask(n.section()), m.mask(n.context()), n.offscreen(),
          n.obscured(), n.similar(), m.mask(n.href()), n.positional(), m.mask(n.text()), n.widget()));
    }
    List<ObservedHeading> headings = new ArrayList<>(o.headings().size());
    for (ObservedHeading h : o.headings()) headings.add(new ObservedHeading(h.level(), m.mask(h.text())));
    List<ObservedList> lists = new ArrayList<>(o.lists().size());
    for (ObservedList l : o.lists()) {
      List<ObservedListField> fields = new ArrayList<>(l.fields().size());
      for (ObservedListField f : l.fields()) {
        fields.add(new ObservedListField(m.mask(f.name()), f.css(), f.attribute(), m.mask(f.sample())));
      }
      ObservedPagination p = l.pagination();
      ObservedPagination mp = p == null ? null
          : new ObservedPagination(p.kind(), p.selector(), m.mask(p.label()), m.mask(p.url()), p.pages());
      lists.add(new ObservedList(l.ref(), l.selector(), l.count(), m.mask(l.section()), fields, mp, l.total()));
    }
    return new PageObservation(m.mask(o.url()), m.mask(o.title()), nodes, headings, m.mask(o.text()), o.truncated(),
        m.mask(o.modal()), o.modalFrame(), o.omitted(), o.frames(), lists, maskTabs(o.taskTabs(), m),
        maskTabs(o.openTabs(), m), o.otherOpenTabs(), m.mask(o.formStep()),
        o.lateEffects().stream().map(l -> new PageObservation.LateEffect(l.stepId(), m.mask(l.effect()), l.afterMs(), l.sentAs(), l.turn())).toList());
  }

  private static List<ObservedTab> maskTabs(List<ObservedTab> tabs, SecretMask m) {
    List<ObservedTab> out = new ArrayList<>(tabs.size());
    for (ObservedTab t : tabs) {
      out.add(new ObservedTab(t.id(), m.mask(t.title()), m.mask(t.url()), t.openedByTask(), t.adopted(), t.current()));
    }
    return out;
  }

  private static List<String> maskAll(List<String> in, SecretMask m) {
    if (in.isEmpty()) return in;
    List<String> out = new ArrayList<>(in.size());
    for (String s : in) out.add(m.mask(s));
    return out;
  }
}
