import type { Seeder } from '../../db/seed';
import type { ReleaseTextRow } from '../../db/schema';
import { addSpanishIfMissing, insertReleaseIfNew, listReleaseVersions, type NewRelease } from './releases.repository';

type SeededRelease = Omit<NewRelease, 'createdBy' | 'createdAt' | 'translations'> & { translations: { es: ReleaseTextRow } };

/**
 * FuelDesk's own release history, in English and Spanish; each version is inserted once,
 * and a row inserted before the Spanish text existed gets it on the next run.
 */
export const fuelDeskReleases: SeededRelease[] = [
  {
    version: '0.0.1',
    type: 'patch',
    title: 'Platform foundation',
    description: 'The groundwork every later module builds on: accounts, sessions, the API and the database layer.',
    translations: {
      es: {
        title: 'Base de la plataforma',
        description: 'Los cimientos sobre los que se construye cada módulo posterior: cuentas, sesiones, la API y la capa de base de datos.',
        sections: [
          {
            title: 'Cuentas y seguridad',
            items: [
              'Registro con verificación del correo electrónico antes del primer inicio de sesión.',
              'Una sola sesión activa por usuario; al iniciar sesión en otro lugar se cierra la sesión anterior.',
              'Content-Security-Policy estricta y cabeceras de seguridad en todas las páginas.',
            ],
          },
          {
            title: 'Plataforma',
            items: [
              'Funciona desde el primer momento con una base de datos integrada, o con PostgreSQL.',
              'Las tareas en segundo plano continúan tras un reinicio del servidor.',
              'Documentación interactiva de la API en /api/docs.',
            ],
          },
        ],
      },
    },
    releasedAt: new Date('2026-11-21T10:50:00Z'),
    sections: [
      {
        title: 'Accounts and security',
        items: [
          'Sign-up with email verification before the first sign-in.',
          'One active session per user; signing in elsewhere closes the older session.',
          'Strict Content-Security-Policy and security headers on every page.',
        ],
      },
      {
        title: 'Platform',
        items: [
          'Runs on an embedded database out of the box, or on PostgreSQL.',
          'Background jobs survive a server restart.',
          'Interactive API documentation at /api/docs.',
        ],
      },
    ],
  },
  {
    version: '0.0.2',
    type: 'patch',
    title: 'Public site and legal documents',
    description: 'The public website, the plans table, contact and sales forms, and the legal documents in English and Spanish.',
    translations: {
      es: {
        title: 'Sitio público y documentos legales',
        description: 'El sitio web público, la tabla de planes, los formularios de contacto y de ventas, y los documentos legales en inglés y español.',
        sections: [
          {
            title: 'Sitio público',
            items: [
              'Página de inicio con los servicios, las funciones y los cuatro planes.',
              'Formulario de contacto y formulario de ventas; ambos llegan al equipo por correo electrónico.',
              'Todo disponible en inglés y español.',
            ],
          },
          {
            title: 'Documentos legales',
            items: [
              'Políticas de privacidad, términos del servicio, reembolso y cancelación, cookies, cumplimiento normativo y programa beta.',
              'Los Términos del servicio y el acuerdo de no elusión y confidencialidad en archivos PDF.',
            ],
          },
        ],
      },
    },
    releasedAt: new Date('2026-11-21T14:00:00Z'),
    sections: [
      {
        title: 'Public site',
        items: [
          'Landing page with services, features and the four plans.',
          'Contact form and sales form; both reach the team by email.',
          'Everything available in English and Spanish.',
        ],
      },
      {
        title: 'Legal',
        items: [
          'Privacy, Terms, Refund and Cancellation, Cookie, Compliance and Beta Program policies.',
          'Terms and the non-circumvention and confidentiality agreement as PDF files.',
        ],
      },
    ],
  },
  {
    version: '0.1.0',
    type: 'minor',
    title: 'Beta launch',
    description: 'The first beta of FuelDesk for fuel traders and distributors. Access is granted at our discretion and there is no paid billing during the beta.',
    translations: {
      es: {
        title: 'Lanzamiento de la beta',
        description:
          'La primera beta de FuelDesk para comerciantes y distribuidores de combustibles. El acceso se concede a nuestra discreción y no se cobra nada durante la beta.',
        sections: [
          {
            title: 'Inteligencia de mercado',
            items: [
              'Precios diarios de combustibles por producto, con la variación respecto al día anterior y un filtro por calendario.',
              'Un panel personal de hasta cinco productos con los mayores movimientos y un resumen del mercado.',
              'Noticias internacionales con filtro por categoría.',
            ],
          },
          {
            title: 'Ayuda',
            items: ['Formulario de soporte, con respuesta normalmente en menos de 24 horas.', 'Esta página de versiones.'],
          },
          {
            title: 'Aún no disponible',
            items: [
              'Los informes de debida diligencia y la verificación bancaria con intercambio de datos están en desarrollo: sus páginas lo indican hasta que se publiquen.',
              'Cartera, Transacciones, Certificados, Billetera y Comercio están anunciados, pero aún no están disponibles.',
            ],
          },
        ],
      },
    },
    releasedAt: new Date('2026-11-21T18:00:00Z'),
    sections: [
      {
        title: 'Market intelligence',
        items: [
          'Daily fuel prices by product with day-over-day change and a calendar filter.',
          'A personal dashboard of up to five products with top movers and a market summary.',
          'Global news with category filter.',
        ],
      },
      {
        title: 'Help',
        items: ['Support form with answers usually within 24 hours.', 'This releases page.'],
      },
      {
        title: 'Not yet available',
        items: [
          'Due diligence reports and bank verification with data sharing are in development: their pages say so until they ship.',
          'Portfolio, Transactions, Certificates, Wallet and Trade are announced but not available yet.',
        ],
      },
    ],
  },
  {
    version: '0.2.0',
    type: 'minor',
    title: 'Counterparty checks',
    description: 'The pre-deal check: sanctions screening, due-diligence reports, and bank verification with data sharing.',
    translations: {
      es: {
        title: 'Comprobación de contrapartes',
        description: 'La comprobación previa a un negocio: cribado de sanciones, informes de debida diligencia y verificación bancaria con intercambio de datos.',
        sections: [
          {
            title: 'Cribado de sanciones',
            items: [
              'Cribado de nombres en la lista SDN de la OFAC, la lista consolidada no SDN de la OFAC y la lista consolidada del Consejo de Seguridad de las Naciones Unidas, con una puntuación y una explicación en lenguaje claro para cada candidato.',
              'Las listas se importan desde archivos o se descargan a diario de sus editores; un archivo mal formado o truncado nunca sustituye a una lista válida, y el cribado lo indica cuando no hay ninguna lista cargada.',
            ],
          },
          {
            title: 'Debida diligencia',
            items: [
              'Informes de contrapartes: cribado de cada nombre del formulario, comprobación del número de ruta bancario, del identificador fiscal, del contacto y de los tanques de almacenamiento, menciones en noticias y una calificación de riesgo global con sus motivos.',
              'Un aviso cuando un informe está listo y un PDF de cada informe. Los límites mensuales dependen del plan.',
            ],
          },
          {
            title: 'Verificación bancaria e intercambio de datos',
            items: [
              'Invite a una contraparte a conectar su banco y verificar su identidad; usted solo ve los datos que ella acepta compartir, y solo mientras dure su consentimiento.',
              'Funciona con Plaid o, si no hay claves de Plaid configuradas, con un entorno de pruebas integrado.',
            ],
          },
          {
            title: 'Seguridad',
            items: [
              'Para cambiar la dirección de correo electrónico de una cuenta se necesitan la contraseña actual y una confirmación desde la nueva dirección.',
              'Si la base de datos no está disponible, FuelDesk responde «temporalmente no disponible» y se recupera por sí solo.',
            ],
          },
        ],
      },
    },
    releasedAt: new Date('2026-11-24T15:00:00Z'),
    sections: [
      {
        title: 'Sanctions screening',
        items: [
          'Names screened against the OFAC SDN list, OFAC consolidated non-SDN list and the UN Security Council consolidated list, with a score and a plain-language explanation for every candidate.',
          'Lists are imported from files or downloaded from their publishers daily; a malformed or truncated file never replaces a good list, and screening says so when no list is loaded.',
        ],
      },
      {
        title: 'Due diligence',
        items: [
          'Counterparty reports: every name of the form screened, routing number, tax id, contact and storage-tank checks, news mentions and an overall risk rating with its reasons.',
          'A notification when a report is ready, and a PDF of every report. Monthly limits depend on the plan.',
        ],
      },
      {
        title: 'Bank verification and data sharing',
        items: [
          'Invite a counterparty to connect their bank and verify their identity; you see only the data they consent to share, and only while the consent lasts.',
          'Works with Plaid, or with a built-in sandbox when no Plaid keys are configured.',
        ],
      },
      {
        title: 'Security',
        items: [
          'Changing the email address of an account needs the current password and a confirmation from the new address.',
          'A database outage answers "temporarily unavailable" and recovers on its own.',
        ],
      },
    ],
  },
  {
    version: '0.2.1',
    type: 'patch',
    title: 'Administration and speed',
    description: 'An inbox for what visitors and users send, the history of price imports, faster charts and a faster first start.',
    translations: {
      es: {
        title: 'Administración y velocidad',
        description: 'Una bandeja de entrada para lo que envían visitantes y usuarios, el historial de importaciones de precios, gráficos más rápidos y un primer arranque más rápido.',
        sections: [
          {
            title: 'Administración',
            items: [
              'Bandeja de entrada para administradores: mensajes de contacto, solicitudes comerciales y mensajes de soporte en una sola lista, con estado (abierto o respondido), responsable y búsqueda.',
              'Historial de importaciones de precios: quién importó, cuándo, qué archivo y cuántos precios se insertaron, actualizaron, quedaron sin cambios o se rechazaron, sea desde la web, la línea de comandos o la sincronización diaria con la EIA.',
            ],
          },
          {
            title: 'Velocidad',
            items: [
              'El gráfico de diez años pide solo los puntos que puede dibujar y conserva el mínimo y el máximo de cada tramo, de modo que un pico de un día sigue visible.',
              'Una instalación nueva arranca desde una base de datos ya preparada, y el servidor carga cada integración solo cuando la usa.',
            ],
          },
          {
            title: 'Seguridad',
            items: [
              'Solo los intentos fallidos cuentan para el límite de inicio de sesión (cinco por minuto desde una misma dirección), de modo que nadie puede bloquear a otra persona desde otro lugar.',
            ],
          },
        ],
      },
    },
    releasedAt: new Date('2026-11-24T20:00:00Z'),
    sections: [
      {
        title: 'Administration',
        items: [
          'An inbox for administrators: contact messages, sales enquiries and support messages in one list, with a status (open or answered), an assignee and search.',
          'Price-import history: who imported, when, which file, and how many prices were inserted, updated, unchanged or rejected, whether from the web, the command line or the daily EIA sync.',
        ],
      },
      {
        title: 'Speed',
        items: [
          'The ten-year chart asks only for the points it can draw and keeps the lowest and highest of each span, so a one-day spike stays visible.',
          'A new installation starts from a ready-made database, and the server loads each integration only when it uses it.',
        ],
      },
      {
        title: 'Security',
        items: [
          'Only failed attempts count toward the sign-in limit (five a minute from one address), so nobody can lock another person out from elsewhere.',
        ],
      },
    ],
  },
];

export const releasesSeeder: Seeder = {
  name: 'releases',
  async run(ctx) {
    // A restart finds every version stored with its Spanish text: one query, no write.
    const stored = new Map((await listReleaseVersions(ctx.db)).map((row) => [row.version, row.hasSpanish]));
    for (const release of fuelDeskReleases) {
      if (stored.get(release.version) === true) continue;
      const inserted = stored.has(release.version) ? undefined : await insertReleaseIfNew(ctx.db, { ...release, createdAt: ctx.now() });
      if (!inserted) await addSpanishIfMissing(ctx.db, release.version, release.title, release.translations.es);
    }
  },
};
