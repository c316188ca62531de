// A small Angular (JIT) form for the executor's framework tests: ngModel inputs, a select, a checkbox,
// a (click) handler and a (keyup.enter) handler, all through zone.js change detection.
import 'zone.js';
import '@angular/compiler';
import { Component, provideZoneChangeDetection } from '@angular/core';
import { FormsModule } from '@angular/forms';
import { bootstrapApplication } from '@angular/platform-browser';

const meta = {
  selector: 'ng-form-app',
  standalone: true,
  imports: [FormsModule],
  template: `
    <form id="nform" (ngSubmit)="sent = name + '/' + plan + '/' + (terms ? 'yes' : 'no')">
      <label>Full name <input id="nname" name="name" [(ngModel)]="name"></label>
      <label>Plan <select id="nplan" name="plan" [(ngModel)]="plan">
        <option value="free">Free</option><option value="team">Team</option></select></label>
      <label><input id="nterms" type="checkbox" name="terms" [(ngModel)]="terms"> Accept terms</label>
      <input id="nsearch" name="q" [(ngModel)]="q" (keyup.enter)="searched = q" placeholder="Search">
      <button id="nsubmit" type="submit" [disabled]="!terms">Send</button>
    </form>
    <button id="ncount" type="button" (click)="count = count + 1">Clicked {{ count }}</button>
    <p id="ngreeting">Hi {{ name }} on {{ plan }}</p>
    <p id="nsent">{{ sent }}</p>
    <p id="nsearched">{{ searched }}</p>`,
};
class FormApp {
  name = '';
  plan = 'free';
  terms = false;
  q = '';
  searched = '';
  sent = '';
  count = 0;
}

// the decorator applied as a call: no decorator syntax for the bundler to transform
Component(meta)(FormApp);
bootstrapApplication(FormApp, { providers: [provideZoneChangeDetection()] }).then(() => { window.ngReady = true; });
