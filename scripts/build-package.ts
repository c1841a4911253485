/**
 * Builds the LMS packages of the quiz from the package build (`vite build --mode package`: the single file plus the LMS runtimes, `dist-package/index.html`):
 *
 *   npm run build:scorm   → dist-packages/fencing-lab-quiz-scorm12.zip (imsmanifest.xml + index.html)
 *   npm run build:cmi5    → dist-packages/fencing-lab-quiz-cmi5.zip    (cmi5.xml + index.html)
 *
 * Quiz settings for a graded setup go in the package (the LMS hands them to the quiz; a student
 * cannot edit them in an address bar): `-- --passMark 80 --retry 0 --solution 1 --mode graded
 * --questions seed-quick-check,why-leases --shuffle 1 --title "Week 3 quiz" --id https://example.edu/xapi/fencing-lab/week-3`.
 * SCORM 1.2: `adlcp:masteryscore` (the pass mark) and `adlcp:datafromlms` (the rest, read by the
 * quiz as `cmi.launch_data`). cmi5: the AU's `masteryScore`, `moveOn` and `launchParameters`.
 * Sources: SCORM 1.2 Content Aggregation Model (imsmanifest, adlcp:masteryscore, adlcp:datafromlms);
 * cmi5 spec, 13 "Course Structure Data Model" (AICC/CMI-5_Spec_Current).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { strToU8, zipSync } from 'fflate';
import { parseQuizSettings } from '../src/quiz/settings';

const root = join(import.meta.dirname, '..');
const kind = process.argv[2];
if (kind !== 'scorm' && kind !== 'cmi5') {
  console.error('usage: tsx scripts/build-package.ts scorm|cmi5 [--passMark N] [--retry 0|1] [--solution 0|1] [--mode graded|self-check] [--questions a,b] [--shuffle 0|1] [--title T] [--id IRI]');
  process.exit(2);
}
const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    passMark: { type: 'string', default: '70' },
    retry: { type: 'string', default: '0' },
    solution: { type: 'string', default: '1' },
    mode: { type: 'string', default: 'graded' },
    questions: { type: 'string' },
    shuffle: { type: 'string', default: '0' },
    title: { type: 'string', default: 'Fencing Lab quiz' },
    id: { type: 'string', default: 'https://fencinglab.dev/xapi/quiz' },
    single: { type: 'string', default: join(root, 'dist-package', 'index.html') },
    out: { type: 'string', default: join(root, 'dist-packages') },
  },
});

const settings = new URLSearchParams({ quizRetry: values.retry, quizSolution: values.solution, quizMode: values.mode, quizShuffle: values.shuffle });
if (values.questions) settings.set('quizQuestions', values.questions);
const checked = parseQuizSettings(`?${settings}&passMark=${values.passMark}`);
if (checked.notices.length > 0) {
  console.error(`Bad quiz settings:\n  ${checked.notices.join('\n  ')}`);
  process.exit(2);
}
if (!existsSync(values.single)) {
  console.error(`No single-file build at ${values.single}: run \`npx vite build --mode single\` first.`);
  process.exit(1);
}
const passMark = checked.settings.passMark;
const graded = checked.settings.mode === 'graded';
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// The quiz alone, without page chrome (the LMS frames it).
const launch = 'index.html?embed=1&view=quiz';

function scormManifest(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="fencing-lab-quiz" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="fencing-lab-org">
    <organization identifier="fencing-lab-org">
      <title>${xml(values.title)}</title>
      <item identifier="fencing-lab-quiz-item" identifierref="fencing-lab-quiz-sco" isvisible="true">
        <title>${xml(values.title)}</title>
        <adlcp:datafromlms>${xml(settings.toString())}</adlcp:datafromlms>
${graded ? `        <adlcp:masteryscore>${passMark}</adlcp:masteryscore>\n` : ''}      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="fencing-lab-quiz-sco" type="webcontent" adlcp:scormtype="sco" href="${xml(launch)}">
      <file href="index.html"/>
    </resource>
  </resources>
</manifest>
`;
}

function cmi5Structure(): string {
  const moveOn = graded ? 'CompletedAndPassed' : 'Completed';
  return `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${xml(values.id)}/course">
    <title><langstring lang="en-US">${xml(values.title)}</langstring></title>
    <description><langstring lang="en-US">Fencing Lab: leases, process pauses and fencing tokens. A graded quiz.</langstring></description>
  </course>
  <au id="${xml(values.id)}/au" moveOn="${moveOn}"${graded ? ` masteryScore="${passMark / 100}"` : ''} launchMethod="AnyWindow">
    <title><langstring lang="en-US">${xml(values.title)}</langstring></title>
    <description><langstring lang="en-US">The Fencing Lab quiz.</langstring></description>
    <url>${xml(launch)}</url>
    <launchParameters>${xml(settings.toString())}</launchParameters>
  </au>
</courseStructure>
`;
}

const html = readFileSync(values.single);
const files: Record<string, Uint8Array> =
  kind === 'scorm' ? { 'imsmanifest.xml': strToU8(scormManifest()), 'index.html': html } : { 'cmi5.xml': strToU8(cmi5Structure()), 'index.html': html };
mkdirSync(values.out, { recursive: true });
const out = join(values.out, kind === 'scorm' ? 'fencing-lab-quiz-scorm12.zip' : 'fencing-lab-quiz-cmi5.zip');
writeFileSync(out, zipSync(files, { level: 9 }));
console.log(`${out}: ${Object.keys(files).join(' + ')}, settings ${settings}${graded ? `, pass mark ${passMark}%` : ''}`);
