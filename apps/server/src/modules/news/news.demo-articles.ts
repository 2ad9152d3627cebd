import type { NewsCategory, NewsTranslation } from '@fueldesk/contracts';

export interface DemoArticle {
  slug: string;
  category: NewsCategory;
  /** Hours before the seeding time, so the demo list looks current. */
  hoursAgo: number;
  title: string;
  summary: string;
  bodyHtml: string;
  author: string;
  es: NewsTranslation;
}

export const DEMO_SOURCE_NAME = 'FuelDesk Demo Desk';
/** The reserved .invalid domain: a demo article's link can never be mistaken for a real source. */
export const demoSourceUrl = (slug: string) => `https://demo.fueldesk.invalid/news/${slug}`;

/** Demo news written for FuelDesk: five per section, English with Spanish headline and summary. */
export const demoArticles: DemoArticle[] = [
  {
    slug: 'demo-opec-keeps-output-targets-unchanged',
    category: 'oil',
    hoursAgo: 2,
    title: 'OPEC+ keeps output targets unchanged at monthly review',
    summary:
      'Producers left quotas where they were and signalled they will watch inventories before the next meeting, keeping crude balances tight into the winter.',
    bodyHtml:
      '<p>The producer group ended its monthly review without changing output targets. Delegates pointed to rising refinery runs in Asia and stable inventories in the Atlantic basin as reasons to wait.</p>' +
      '<p>Traders had priced in a small chance of an increase, so benchmark crude moved little after the statement. Attention now turns to compliance figures due next month.</p>' +
      '<h3>What to watch</h3><ul><li>Compliance of the largest producers with their quotas</li><li>Refinery maintenance schedules in the Gulf Coast</li><li>Freight rates for long-haul crude tankers</li></ul>',
    author: 'Demo Desk',
    es: {
      title: 'La OPEP+ mantiene sin cambios sus objetivos de producción en la revisión mensual',
      summary:
        'Los productores dejaron las cuotas como estaban y señalaron que vigilarán los inventarios antes de la próxima reunión, lo que mantiene ajustado el balance de crudo de cara al invierno.',
    },
  },
  {
    slug: 'demo-gulf-coast-refinery-restarts-crude-unit',
    category: 'oil',
    hoursAgo: 9,
    title: 'Gulf Coast refinery restarts crude unit after planned maintenance',
    summary:
      'A large Gulf Coast refinery brought its main crude distillation unit back online, adding diesel and gasoline supply ahead of the heating season.',
    bodyHtml:
      '<p>The plant completed a six-week turnaround on its main crude unit and is ramping up throughput over the coming days. Secondary units are expected to follow within two weeks.</p>' +
      '<p>Regional product inventories had tightened while the unit was offline. The restart should ease prompt diesel premiums along the coast.</p>',
    author: 'Demo Desk',
    es: {
      title: 'Una refinería de la Costa del Golfo reinicia su unidad de crudo tras un mantenimiento programado',
      summary:
        'Una gran refinería de la Costa del Golfo volvió a poner en marcha su unidad principal de destilación de crudo, lo que añade oferta de diésel y gasolina antes de la temporada de calefacción.',
    },
  },
  {
    slug: 'demo-shale-rig-count-edges-lower',
    category: 'oil',
    hoursAgo: 20,
    title: 'Shale rig count edges lower as operators favour efficiency',
    summary:
      'The weekly rig count slipped for a third week while output held steady, as operators drill longer laterals with fewer rigs.',
    bodyHtml:
      '<p>Operators in the main shale basins continued to trim drilling activity, yet production stayed close to record levels thanks to longer wells and faster completion crews.</p>' +
      '<p>Service companies report that pricing for frac crews has softened, which could lower break-even costs for new wells next year.</p>',
    author: 'Demo Desk',
    es: {
      title: 'El número de equipos de perforación en esquisto baja ligeramente mientras los operadores apuestan por la eficiencia',
      summary:
        'El recuento semanal de equipos cayó por tercera semana mientras la producción se mantuvo estable, ya que los operadores perforan pozos laterales más largos con menos equipos.',
    },
  },
  {
    slug: 'demo-north-sea-field-begins-production',
    category: 'oil',
    hoursAgo: 44,
    title: 'New North Sea field begins production ahead of schedule',
    summary:
      'The offshore field delivered first oil three months early; its medium sweet crude is expected to load on the regular Brent-linked schedule.',
    bodyHtml:
      '<p>The project reached first oil ahead of its original timetable. Output will ramp up over the next quarter as more wells are connected to the floating production unit.</p>' +
      '<p>The new stream adds a medium sweet grade that European refiners have been seeking as other fields decline.</p>',
    author: 'Demo Desk',
    es: {
      title: 'Un nuevo yacimiento del mar del Norte comienza a producir antes de lo previsto',
      summary:
        'El yacimiento marino produjo su primer petróleo con tres meses de adelanto; se espera que su crudo dulce medio se cargue según el calendario habitual vinculado al Brent.',
    },
  },
  {
    slug: 'demo-asian-refining-margins-recover',
    category: 'oil',
    hoursAgo: 70,
    title: 'Asian refining margins recover as export quotas tighten',
    summary:
      'Complex refining margins in Asia rose for a second week after lower product export quotas reduced regional supply of diesel and jet fuel.',
    bodyHtml:
      '<p>Refiners in the region benefited from a smaller flow of exported products. Middle distillates led the gains, while gasoline cracks were flat.</p>' +
      '<p>Several refiners are considering deferring maintenance to capture the stronger margins.</p>',
    author: 'Demo Desk',
    es: {
      title: 'Los márgenes de refinación en Asia se recuperan al reducirse las cuotas de exportación',
      summary:
        'Los márgenes de refinación complejos en Asia subieron por segunda semana después de que unas cuotas de exportación más bajas redujeran la oferta regional de diésel y combustible de aviación.',
    },
  },
  {
    slug: 'demo-diesel-futures-climb-on-cold-forecast',
    category: 'market',
    hoursAgo: 4,
    title: 'Diesel futures climb on colder weather forecasts',
    summary:
      'Ultra-low sulphur diesel futures gained as forecasts pointed to a colder start of winter in the Northeast, lifting heating oil demand expectations.',
    bodyHtml:
      '<p>Front-month diesel futures rose through the session as weather models shifted colder for the next two weeks. The spread between the first and second month widened, a sign of tight prompt supply.</p>' +
      '<p>Distributors reported stronger rack demand in the Northeast, while Gulf Coast barrels continued to move north by pipeline.</p>',
    author: 'Demo Desk',
    es: {
      title: 'Los futuros del diésel suben ante previsiones de un clima más frío',
      summary:
        'Los futuros de diésel de ultra bajo azufre ganaron terreno porque las previsiones apuntan a un inicio de invierno más frío en el noreste, lo que eleva las expectativas de demanda de gasóleo de calefacción.',
    },
  },
  {
    slug: 'demo-gasoline-prices-ease-after-driving-season',
    category: 'market',
    hoursAgo: 12,
    title: 'Retail gasoline prices ease after the end of driving season',
    summary:
      'Average pump prices fell for the fourth week in a row as demand softened and refiners switched to cheaper winter-grade blends.',
    bodyHtml:
      '<p>The seasonal switch to winter-grade gasoline, which allows more butane in the blend, lowered production costs. Retail margins stayed wide as wholesale prices fell faster than pump prices.</p>' +
      '<p>Analysts expect a further modest decline unless crude rallies.</p>',
    author: 'Demo Desk',
    es: {
      title: 'Los precios minoristas de la gasolina bajan tras el fin de la temporada de viajes',
      summary:
        'El precio medio en surtidor cayó por cuarta semana consecutiva porque la demanda se moderó y las refinerías cambiaron a mezclas de invierno más baratas.',
    },
  },
  {
    slug: 'demo-jet-fuel-demand-reaches-new-high',
    category: 'market',
    hoursAgo: 30,
    title: 'Jet fuel demand reaches a post-pandemic high',
    summary:
      'Airline schedules for the holiday period pushed jet fuel demand to its highest level in years, supporting the jet-diesel spread.',
    bodyHtml:
      '<p>Booked flight capacity for the holiday season exceeded last year by a wide margin. Airports in Europe and North America report record fuel uplift.</p>' +
      '<p>Jet fuel traded at a premium to diesel in several hubs, prompting refiners to maximise kerosene yields.</p>',
    author: 'Demo Desk',
    es: {
      title: 'La demanda de combustible de aviación alcanza un máximo desde la pandemia',
      summary:
        'Los programas de vuelos de las fiestas llevaron la demanda de combustible de aviación a su nivel más alto en años, lo que sostiene el diferencial entre queroseno y diésel.',
    },
  },
  {
    slug: 'demo-propane-inventories-above-average',
    category: 'market',
    hoursAgo: 52,
    title: 'Propane inventories enter winter above the five-year average',
    summary:
      'Comfortable propane stocks are keeping prices in check even as exports stay strong and crop-drying demand picks up.',
    bodyHtml:
      '<p>Storage levels entered the heating season above their seasonal average, giving distributors a cushion against early cold snaps.</p>' +
      '<p>Export terminals ran near capacity, but domestic prices remained below last year\u2019s levels.</p>',
    author: 'Demo Desk',
    es: {
      title: 'Los inventarios de propano llegan al invierno por encima de la media de cinco años',
      summary:
        'Unas existencias holgadas de propano mantienen los precios contenidos aunque las exportaciones siguen fuertes y aumenta la demanda para el secado de cosechas.',
    },
  },
  {
    slug: 'demo-freight-rates-lift-delivered-fuel-costs',
    category: 'market',
    hoursAgo: 96,
    title: 'Higher freight rates lift delivered fuel costs in Latin America',
    summary:
      'Tanker rates for clean products rose sharply, adding several cents per gallon to delivered costs for importers in Mexico, Colombia and Central America.',
    bodyHtml:
      '<p>Clean tanker rates climbed as vessels were diverted to longer routes. Importers in Latin America, which rely on Gulf Coast cargoes, felt the increase most.</p>' +
      '<p>Some buyers are bringing forward purchases to lock in current freight before rates rise further.</p>',
    author: 'Demo Desk',
    es: {
      title: 'El alza de los fletes encarece el combustible entregado en América Latina',
      summary:
        'Las tarifas de los buques de productos limpios subieron con fuerza y añadieron varios centavos por galón al coste de entrega para los importadores de México, Colombia y Centroamérica.',
    },
  },
  {
    slug: 'demo-epa-proposes-renewable-volume-targets',
    category: 'regulation',
    hoursAgo: 6,
    title: 'EPA proposes new renewable fuel volume targets',
    summary:
      'The proposal raises blending obligations for biomass-based diesel over the next two years; comments are open for sixty days.',
    bodyHtml:
      '<p>The agency published proposed volumes under the renewable fuel programme. Obligated parties, mainly refiners and importers, would need to blend more biomass-based diesel or buy compliance credits.</p>' +
      '<p>Credit prices reacted quickly to the announcement. Industry groups are expected to file detailed comments before the deadline.</p>',
    author: 'Demo Desk',
    es: {
      title: 'La EPA propone nuevos objetivos de volumen de combustibles renovables',
      summary:
        'La propuesta eleva las obligaciones de mezcla de diésel de biomasa durante los próximos dos años; el periodo de comentarios está abierto durante sesenta días.',
    },
  },
  {
    slug: 'demo-new-sanctions-target-shadow-tanker-fleet',
    category: 'regulation',
    hoursAgo: 16,
    title: 'New sanctions target tankers in the shadow fleet',
    summary:
      'Authorities added dozens of tankers to their sanctions list, raising compliance checks for traders, insurers and port agents.',
    bodyHtml:
      '<p>The new designations cover vessels accused of moving cargoes outside the price cap. Counterparties must now screen ship names and identification numbers as well as company names.</p>' +
      '<p>Compliance teams are reviewing charter parties signed in recent months. FuelDesk due diligence reports screen names against the published sanctions lists.</p>',
    author: 'Demo Desk',
    es: {
      title: 'Nuevas sanciones contra petroleros de la flota en la sombra',
      summary:
        'Las autoridades añadieron decenas de petroleros a su lista de sanciones, lo que aumenta los controles de cumplimiento para comerciantes, aseguradoras y agentes portuarios.',
    },
  },
  {
    slug: 'demo-mexico-updates-fuel-import-permits',
    category: 'regulation',
    hoursAgo: 36,
    title: 'Mexico updates rules for fuel import permits',
    summary:
      'The energy regulator published new requirements for import permit renewals, including storage capacity evidence and quarterly reporting.',
    bodyHtml:
      '<p>Importers will need to prove access to storage and file quarterly volume reports to renew their permits. The regulator says the change aims to improve supply traceability.</p>' +
      '<p>Smaller distributors warn that the added paperwork could slow renewals during the transition period.</p>',
    author: 'Demo Desk',
    es: {
      title: 'México actualiza las reglas de los permisos de importación de combustibles',
      summary:
        'El regulador de energía publicó nuevos requisitos para renovar los permisos de importación, entre ellos la acreditación de capacidad de almacenamiento y reportes trimestrales.',
    },
  },
  {
    slug: 'demo-tariff-review-on-refined-products',
    category: 'regulation',
    hoursAgo: 60,
    title: 'Trade officials open a tariff review on refined product imports',
    summary:
      'A review of import tariffs on refined products could change duty rates on diesel and gasoline cargoes from several exporting countries next year.',
    bodyHtml:
      '<p>The review will consider whether current tariff rates still match domestic refining capacity. Public hearings are scheduled for the first quarter.</p>' +
      '<p>Importers are assessing how a change in duties would affect delivered costs and contract terms.</p>',
    author: 'Demo Desk',
    es: {
      title: 'Las autoridades comerciales abren una revisión de aranceles a la importación de productos refinados',
      summary:
        'Una revisión de los aranceles a la importación de productos refinados podría cambiar los tipos aplicados a los cargamentos de diésel y gasolina de varios países exportadores el próximo año.',
    },
  },
  {
    slug: 'demo-marine-fuel-emissions-rules-tighten',
    category: 'regulation',
    hoursAgo: 84,
    title: 'Marine fuel emissions rules tighten in new control area',
    summary:
      'Ships entering the new emission control area must burn fuel with at most 0.1% sulphur, shifting demand from high-sulphur fuel oil to marine gasoil.',
    bodyHtml:
      '<p>The new control area takes effect next year. Ship operators can comply by burning low-sulphur fuels or by installing exhaust gas cleaning systems.</p>' +
      '<p>Bunker suppliers in nearby ports are adding marine gasoil storage to meet the expected demand.</p>',
    author: 'Demo Desk',
    es: {
      title: 'Se endurecen las normas de emisiones para combustibles marinos en una nueva zona de control',
      summary:
        'Los buques que entren en la nueva zona de control de emisiones deberán usar combustible con un máximo de 0,1 % de azufre, lo que desplaza la demanda del fuelóleo de alto azufre al gasóleo marino.',
    },
  },
];
